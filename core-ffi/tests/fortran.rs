//! `include/tribo.f90` is in step with `include/tribo.h` (which `tests/header.rs` keeps in
//! step with the sources): every constant and status code with its value, every struct as a
//! `bind(C)` type with the same fields in the same order and kinds, every function as a
//! `bind(C, name=...)` interface with the same arguments in the same order, passed by value
//! or by reference as in C, and nothing more. With gfortran on the PATH the module is also
//! compiled as Fortran 2003 (`.ci/run` installs it and builds the example).

use std::collections::BTreeMap;
use std::path::Path;

fn include(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("include")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A struct field or a function argument in a language-neutral form.
#[derive(Debug, PartialEq, Eq, Clone)]
struct Item {
    name: String,
    /// "f32", "i32" (int32/uint32), "i64", "i8", "size", "ptr", or a struct name.
    kind: String,
    /// Array length (a constant name or a number), or "*" for an assumed-size array.
    dim: Option<String>,
    /// Passed by value (scalars) rather than by reference.
    by_value: bool,
    /// A `const` pointer / `intent(in)` reference.
    read_only: bool,
}

#[derive(Debug, Default)]
struct Api {
    constants: BTreeMap<String, f64>,
    structs: BTreeMap<String, Vec<Item>>,
    /// Function (C symbol) → (result kind, arguments).
    functions: BTreeMap<String, (String, Vec<Item>)>,
}

fn c_kind(t: &str) -> String {
    match t {
        "float" => "f32",
        "uint32_t" | "int32_t" | "TriboStatus" => "i32",
        "uint64_t" => "i64",
        "uint8_t" => "i8",
        "size_t" => "size",
        "const char *" => "ptr",
        other => other,
    }
    .to_owned()
}

fn parse_header(h: &str) -> Api {
    let mut api = Api::default();
    let code: Vec<&str> = h
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect();
    let mut in_struct: Option<(String, Vec<Item>)> = None;
    for line in &code {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("#define ") {
            let mut it = rest.split_whitespace();
            if let (Some(name), Some(value)) = (it.next(), it.next()) {
                api.constants.insert(name.into(), value.parse().unwrap());
            }
        } else if t.starts_with("TRIBO_STATUS_") && t.contains(" = ") {
            let (name, value) = t.trim_end_matches(',').split_once(" = ").unwrap();
            api.constants.insert(name.into(), value.parse().unwrap());
        } else if let Some(name) = t
            .strip_prefix("typedef struct ")
            .and_then(|r| r.strip_suffix(" {"))
        {
            in_struct = Some((name.into(), Vec::new()));
        } else if t.starts_with('}') && in_struct.is_some() {
            let (name, fields) = in_struct.take().unwrap();
            api.structs.insert(name, fields);
        } else if let Some((_, fields)) = in_struct.as_mut()
            && let Some(decl) = t.strip_suffix(';')
        {
            let (ty, rest) = decl.rsplit_once(' ').unwrap();
            let (name, dim) = match rest.split_once('[') {
                Some((n, d)) => (n, Some(d.trim_end_matches(']').to_owned())),
                None => (rest, None),
            };
            fields.push(Item {
                name: name.into(),
                kind: c_kind(ty),
                dim,
                by_value: true,
                read_only: false,
            });
        }
    }
    // Prototypes: `<result> tribo_x(<args>);`, possibly over several lines.
    let joined = code.join(" ");
    for chunk in joined.split(';') {
        let chunk = chunk.trim();
        let Some(open) = chunk.find("tribo_") else {
            continue;
        };
        let Some(args) = chunk.get(open..).and_then(|s| s.split_once('(')) else {
            continue;
        };
        let before = chunk[..open].trim();
        let result = if before.ends_with("const char *") {
            "const char *"
        } else {
            before.rsplit(' ').next().unwrap_or("")
        };
        if !matches!(result, "TriboStatus" | "uint32_t" | "const char *") {
            continue;
        }
        let name = args.0.to_owned();
        let mut items = Vec::new();
        for arg in args.1.trim_end_matches(')').split(',') {
            let arg = arg.split_whitespace().collect::<Vec<_>>().join(" ");
            if arg == "void" {
                continue;
            }
            let read_only = arg.starts_with("const ");
            let arg = arg
                .trim_start_matches("const ")
                .trim_start_matches("struct ");
            let (ty, name) = arg.rsplit_once(' ').unwrap();
            let pointer = name.starts_with('*');
            let name = name.trim_start_matches('*');
            let kind = c_kind(ty);
            items.push(Item {
                name: name.into(),
                dim: (pointer && kind == "i8").then(|| "*".to_owned()),
                kind,
                by_value: !pointer,
                read_only: read_only || !pointer,
            });
        }
        api.functions.insert(name, (c_kind(result), items));
    }
    api
}

fn f_kind(t: &str) -> String {
    match t {
        "real(c_float)" => "f32".to_owned(),
        "integer(c_int32_t)" => "i32".to_owned(),
        "integer(c_int64_t)" => "i64".to_owned(),
        "integer(c_int8_t)" => "i8".to_owned(),
        "integer(c_size_t)" => "size".to_owned(),
        "type(c_ptr)" => "ptr".to_owned(),
        other => other
            .strip_prefix("type(")
            .and_then(|s| s.strip_suffix(')'))
            .unwrap_or(other)
            .to_owned(),
    }
}

/// `<type>[, attr] :: name[(dim)]` → (kind, attributes, name, dim).
fn f_decl(line: &str) -> Option<(String, String, String, Option<String>)> {
    let (lhs, rhs) = line.split_once("::")?;
    let lhs = lhs.trim();
    let (ty, attrs) = match lhs.find("), ") {
        Some(i) => (&lhs[..=i], lhs[i + 2..].trim()),
        None => (lhs, ""),
    };
    let rhs = rhs.trim();
    let (name, dim) = match rhs.split_once('(') {
        Some((n, d)) => (n.trim(), Some(d.trim_end_matches(')').to_owned())),
        None => (rhs.split_whitespace().next()?, None),
    };
    Some((f_kind(ty.trim()), attrs.to_owned(), name.to_owned(), dim))
}

fn parse_fortran(f: &str) -> Api {
    let mut api = Api::default();
    // Join continuation lines and drop comments.
    let mut lines: Vec<String> = Vec::new();
    let mut pending = String::new();
    for raw in f.lines() {
        let code = raw.split('!').next().unwrap_or("").trim_end();
        if let Some(head) = code.strip_suffix('&') {
            pending.push_str(head);
            continue;
        }
        pending.push_str(code.trim_start_matches(|c: char| c.is_whitespace() || c == '&'));
        lines.push(std::mem::take(&mut pending).trim().to_owned());
    }
    let mut i = 0;
    while i < lines.len() {
        let l = &lines[i];
        if l.contains(", parameter ::") && l.contains("TRIBO_") {
            let (_, rhs) = l.split_once("::").unwrap();
            let (name, value) = rhs.split_once('=').unwrap();
            let value = value.trim().trim_end_matches("_c_float");
            api.constants
                .insert(name.trim().into(), value.parse().unwrap());
        } else if let Some(name) = l.strip_prefix("type, bind(C) :: ") {
            let mut fields = Vec::new();
            i += 1;
            while !lines[i].starts_with("end type") {
                let (kind, _, fname, dim) = f_decl(&lines[i]).unwrap();
                fields.push(Item {
                    name: fname,
                    kind,
                    dim,
                    by_value: true,
                    read_only: false,
                });
                i += 1;
            }
            api.structs.insert(name.trim().into(), fields);
        } else if l.starts_with("function ") && l.contains("bind(C, name=\"") {
            let args: Vec<String> = l
                .split_once('(')
                .unwrap()
                .1
                .split_once(')')
                .unwrap()
                .0
                .split(',')
                .map(|a| a.trim().to_owned())
                .filter(|a| !a.is_empty())
                .collect();
            let result = l
                .split("result(")
                .nth(1)
                .unwrap()
                .split(')')
                .next()
                .unwrap();
            let symbol = l
                .split("name=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            let mut decls = BTreeMap::new();
            i += 1;
            while !lines[i].starts_with("end function") {
                if let Some(d) = f_decl(&lines[i])
                    && !lines[i].starts_with("import")
                {
                    decls.insert(d.2.clone(), d);
                }
                i += 1;
            }
            let items = args
                .iter()
                .map(|a| {
                    let (kind, attrs, name, dim) = decls[a].clone();
                    Item {
                        name,
                        kind,
                        dim,
                        by_value: attrs.contains("value"),
                        read_only: attrs.contains("value") || attrs.contains("intent(in)"),
                    }
                })
                .collect();
            api.functions
                .insert(symbol.into(), (decls[result].0.clone(), items));
        }
        i += 1;
    }
    api
}

#[test]
fn the_fortran_module_binds_exactly_the_header() {
    let c = parse_header(&include("tribo.h"));
    let f = parse_fortran(&include("tribo.f90"));
    let mut c_constants = c.constants.clone();
    c_constants.remove("TRIBO_H");
    assert!(c_constants.len() > 40, "header parse: {c_constants:?}");
    assert_eq!(f.constants, c_constants, "constants and status codes");
    assert_eq!(c.structs.len(), 9, "header parse: {:?}", c.structs.keys());
    assert_eq!(f.structs, c.structs, "bind(C) types");
    assert_eq!(
        c.functions.len(),
        11,
        "header parse: {:?}",
        c.functions.keys()
    );
    for (name, (result, args)) in &c.functions {
        let (f_result, f_args) = f
            .functions
            .get(name)
            .unwrap_or_else(|| panic!("{name}: no interface"));
        assert_eq!(f_result, result, "{name}: result");
        assert_eq!(f_args.len(), args.len(), "{name}: arguments");
        for (a, b) in args.iter().zip(f_args) {
            assert_eq!(a.name, b.name, "{name}");
            assert_eq!(a.kind, b.kind, "{name}({})", a.name);
            assert_eq!(a.dim, b.dim, "{name}({})", a.name);
            assert_eq!(a.by_value, b.by_value, "{name}({}): value", a.name);
            // A const pointer must not be writable from Fortran, and a pointer the library
            // writes through must not be intent(in).
            assert_eq!(a.read_only, b.read_only, "{name}({}): intent", a.name);
        }
    }
    assert_eq!(f.functions.len(), c.functions.len(), "extra interfaces");
}

#[test]
fn the_module_compiles_as_fortran_2003_when_gfortran_is_present() {
    let out = std::env::temp_dir().join(format!("tribo-f90-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/tribo.f90");
    let status = std::process::Command::new("gfortran")
        .args(["-std=f2003", "-Wall", "-Werror", "-fsyntax-only"])
        .arg(&path)
        .current_dir(&out)
        .status();
    let _ = std::fs::remove_dir_all(&out);
    match status {
        Ok(s) => assert!(s.success(), "gfortran -std=f2003 rejects tribo.f90"),
        Err(e) => eprintln!("gfortran not found ({e}): compile check skipped (.ci/run builds it)"),
    }
}
