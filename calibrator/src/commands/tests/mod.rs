//! Tests across the commands: the defaults `--help` shows against the engines' own.

mod defaults;
