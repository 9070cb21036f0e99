//! The rule table ([`tribo_calibrator::validate::inputs`]) against clap's command tree and the
//! config schema, and `docs/inputs.md` against the table (tests only).

use std::collections::BTreeSet;

use tribo_calibrator::validate::inputs::{self, Domain, Place};

/// `(name, arg)` of every option and positional of every command: `"<path> --flag"` or
/// `"<path> <NAME>"`; `--help` and `--version` are clap's own.
pub fn options() -> Vec<(String, clap::Arg)> {
    fn walk(prefix: &str, cmd: &clap::Command, out: &mut Vec<(String, clap::Arg)>) {
        for a in cmd.get_arguments() {
            let id = a.get_id().as_str();
            if id == "help" || id == "version" {
                continue;
            }
            let name = match a.get_long() {
                Some(l) => format!("{prefix} --{l}"),
                None => {
                    let v = a
                        .get_value_names()
                        .and_then(|v| v.first())
                        .map_or_else(|| id.to_uppercase(), ToString::to_string);
                    format!("{prefix} <{v}>")
                }
            };
            out.push((name, a.clone()));
        }
        for sub in cmd.get_subcommands() {
            if sub.get_name() != "help" {
                walk(&format!("{prefix} {}", sub.get_name()), sub, out);
            }
        }
    }
    let mut out = Vec::new();
    let mut root = crate::cli::command();
    root.build();
    for sub in root.get_subcommands() {
        if sub.get_name() != "help" {
            walk(sub.get_name(), sub, &mut out);
        }
    }
    out
}

/// Every key of the calibration config: the leaves of a preset's TOML, and the optional keys
/// `--print-config` documents.
fn config_keys() -> BTreeSet<String> {
    fn walk(prefix: &str, v: &toml::Value, out: &mut BTreeSet<String>) {
        match v {
            toml::Value::Table(t) => {
                for (k, v) in t {
                    let name = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    // A measured-surface key is one input (a table of path and units).
                    if name.ends_with("_file") {
                        out.insert(name);
                    } else {
                        walk(&name, v, out);
                    }
                }
            }
            // An array of tables (`[[systematic.terms]]`) is one key, and its tables' keys are
            // keys under it.
            toml::Value::Array(items) if items.iter().any(toml::Value::is_table) => {
                out.insert(prefix.to_owned());
                for item in items {
                    walk(prefix, item, out);
                }
            }
            _ => {
                out.insert(prefix.to_owned());
            }
        }
    }
    let cfg = tribo_calibrator::config::CalibrationConfig::from_preset_and_toml(
        tribo_calibrator::presets::Preset::Paper,
        "",
    )
    .expect("the paper preset");
    let value = toml::Value::try_from(&cfg).expect("a config serialises");
    let mut keys = BTreeSet::new();
    walk("", &value, &mut keys);
    keys.extend(
        tribo_calibrator::validate::print::UNITS
            .iter()
            .map(|(k, _)| (*k).to_owned()),
    );
    keys
}

#[test]
fn every_option_and_key_has_a_rule() {
    let opts = options();
    let missing: Vec<_> = opts
        .iter()
        .filter(|(n, _)| inputs::find(n).is_none())
        .map(|(n, _)| n.clone())
        .collect();
    assert!(
        missing.is_empty(),
        "{} options without an entry in validate/inputs_options.rs:\n{}",
        missing.len(),
        missing.join("\n")
    );
    // No entry for an option that does not exist (a renamed or removed flag).
    let names: BTreeSet<_> = opts.iter().map(|(n, _)| n.clone()).collect();
    let flags: BTreeSet<_> = names
        .iter()
        .filter_map(|n| n.rsplit_once(' ').map(|(_, f)| f.to_owned()))
        .collect();
    for e in inputs::all().filter(|e| e.place == Place::Option) {
        let known = match e.name.strip_prefix("* ") {
            Some(flag) => flags.contains(flag),
            None => names.contains(e.name),
        };
        assert!(
            known,
            "entry {} names no option of the command tree",
            e.name
        );
    }
    // A number entry is for an option that takes a value; a switch entry for one that does not.
    for (name, arg) in &opts {
        let entry = inputs::find(name).expect("checked above");
        let takes = arg.get_action().takes_values();
        match entry.domain {
            Domain::Switch => assert!(!takes, "{name} takes a value but is a switch"),
            _ => assert!(takes, "{name} is a switch but its entry has a value domain"),
        }
    }
    let keys = config_keys();
    for k in &keys {
        assert!(
            inputs::find(k).is_some_and(|e| e.place == Place::Key),
            "config key {k} has no entry in validate/inputs.rs"
        );
    }
    for e in inputs::KEYS {
        assert!(keys.contains(e.name), "entry {} is no config key", e.name);
    }
}

#[test]
fn inputs_doc_is_generated_from_the_table() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/inputs.md");
    let generated = inputs::markdown();
    if std::env::var_os("TRIBO_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("writing docs/inputs.md");
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "docs/inputs.md is stale: run `TRIBO_BLESS=1 cargo test -p tribo-calibrator --bin tribo inputs_doc`"
    );
}
