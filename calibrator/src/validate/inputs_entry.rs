//! One entry of the rule table of every input ([`super::inputs`]): where an input is given, its
//! domain, and the constructors the option and key tables ([`super::inputs_options`],
//! [`super::inputs_options_process`], [`super::inputs_keys`]) are written with. The tables
//! import this file and [`super::inputs`] imports the tables, so no table imports back the
//! module that collects it (issue 44: no circle of two files that only borrow a helper).

use super::rule::Rule;

/// Where an input is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A command-line option or positional argument.
    Option,
    /// A key of the calibration config (TOML).
    Key,
    /// An environment variable.
    Env,
    /// An argument or state field of the C ABI (`core-ffi`, `tribo.h`).
    CAbi,
}

/// The domain of an input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Domain {
    /// A number (or each number of a list) within a rule; the relations may narrow it.
    Number(Rule),
    /// 0 (a documented "off" or "automatic"), or a number within the rule.
    ZeroOr(Rule),
    /// Any value of the type is meaningful (a seed, an index checked against a list).
    Any,
    /// A path read (a file or a stream; a directory or device is refused).
    InputPath,
    /// A path written (a file, or a folder for `--out`): the output guard's policy.
    OutputPath,
    /// One of clap's listed words (`--format csv`): clap refuses any other.
    Choice,
    /// A switch (present or not).
    Switch,
    /// Text with a grammar of its own, described in the reason.
    Text,
}

/// One input of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// The input's name (module docs).
    pub name: &'static str,
    /// Where it is given.
    pub place: Place,
    /// Its unit (`-` for a pure number, `count`, or a unit symbol; SI).
    pub unit: &'static str,
    /// Its domain.
    pub domain: Domain,
    /// Relations to other inputs (empty when none).
    pub relations: &'static str,
    /// Why the domain is what it is.
    pub reason: &'static str,
}

pub(super) const fn e(
    name: &'static str,
    place: Place,
    unit: &'static str,
    domain: Domain,
    relations: &'static str,
    reason: &'static str,
) -> Entry {
    Entry {
        name,
        place,
        unit,
        domain,
        relations,
        reason,
    }
}

/// An entry of a command-line option ([`e`] at [`Place::Option`]).
pub(super) const fn option(
    name: &'static str,
    unit: &'static str,
    domain: Domain,
    relations: &'static str,
    reason: &'static str,
) -> Entry {
    e(name, Place::Option, unit, domain, relations, reason)
}

/// A numeric option within `rule`.
pub(super) const fn n(
    name: &'static str,
    unit: &'static str,
    rule: Rule,
    reason: &'static str,
) -> Entry {
    option(name, unit, Domain::Number(rule), "", reason)
}

/// A numeric option within `rule`, with its relations to other inputs.
pub(super) const fn nr(
    name: &'static str,
    unit: &'static str,
    rule: Rule,
    relations: &'static str,
    reason: &'static str,
) -> Entry {
    option(name, unit, Domain::Number(rule), relations, reason)
}

/// A non-numeric option (a path, a choice, a switch, text).
pub(super) const fn other(name: &'static str, domain: Domain, reason: &'static str) -> Entry {
    option(name, "-", domain, "", reason)
}

/// The rule of a strictly positive number.
pub(super) const POSITIVE: Rule = Rule::POSITIVE;
