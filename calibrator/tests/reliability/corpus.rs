//! The bad-input corpus `tests/bad_inputs/` (issue 32), run through the built binary: each
//! line of `commands.txt` is `exit code | expected message fragment | command line`, the
//! command line in shell words with placeholders (`{dir}` a fresh folder per entry, `{fifo}` a
//! FIFO with no reader in it, `{files}`
//! the corpus's own files, `{golden}` core/tests/golden, `{implausible}` a table whose fields
//! are each in bounds but whose law is absurd as a whole, written here with a valid CRC).
//! Flags are text, so a renamed flag is a mechanical edit of that file. Leading `TRIBO_*=value`
//! words set the environment; a last word `>FILE` redirects stdout.

use std::path::{Path, PathBuf};

use tribo_core::table::{MAX_TABLE_BYTES, Table};

use super::command;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/bad_inputs")
}

/// τ0 = 1e11 Pa over E* = 1e5 Pa: each field within its bound, μ0 ≈ 6·10⁶.
fn write_implausible_table(path: &Path) {
    let mut t = Table::seed000_defaults();
    (t.law.tau0, t.law.e_star) = (1.0e11, 1.0e5);
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = t.encode_unvalidated(&mut buf).unwrap();
    std::fs::write(path, &buf[..n]).unwrap();
}

/// One corpus entry.
struct Entry {
    line: usize,
    code: i32,
    fragment: String,
    command: String,
}

fn entries() -> Vec<Entry> {
    let text = std::fs::read_to_string(corpus_dir().join("commands.txt")).unwrap();
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            let mut parts = l.splitn(3, " | ");
            let (Some(code), Some(fragment), Some(command)) =
                (parts.next(), parts.next(), parts.next())
            else {
                panic!("commands.txt:{}: need `code | fragment | command`", i + 1)
            };
            Entry {
                line: i + 1,
                code: code.trim().parse().unwrap(),
                fragment: fragment.trim().to_owned(),
                command: command.trim().to_owned(),
            }
        })
        .collect()
}

#[test]
fn every_corpus_entry_is_refused_as_documented() {
    let root = corpus_dir();
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/golden");
    let shared = tempfile::tempdir().unwrap();
    let implausible = shared.path().join("implausible.bin");
    write_implausible_table(&implausible);
    // The probe script (scripts/probe/run.sh) takes the generated fixtures from here.
    if let Some(keep) = std::env::var_os("TRIBO_CORPUS_KEEP") {
        std::fs::create_dir_all(&keep).unwrap();
        std::fs::copy(&implausible, Path::new(&keep).join("implausible.bin")).unwrap();
    }
    let mut failures = Vec::new();
    let entries = entries();
    assert!(entries.len() >= 40, "corpus has {} entries", entries.len());
    for e in &entries {
        let dir = tempfile::tempdir().unwrap();
        // The working directory holds a copy of `files/`: a config's relative map paths
        // (`path = "flat_map.csv"`) are taken from it.
        for f in std::fs::read_dir(root.join("files")).unwrap() {
            let f = f.unwrap().path();
            std::fs::copy(&f, dir.path().join(f.file_name().unwrap())).unwrap();
        }
        // Placeholders are expanded in the command and in the expected fragment (a refusal
        // names the file it was given).
        // `{fifo}`: a FIFO with no reader in the entry's folder (an output that would block).
        let fifo = dir.path().join("audit.fifo");
        if e.command.contains("{fifo}") {
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", fifo.display());
        }
        let expand = |text: &str| {
            text.replace("{fifo}", &fifo.display().to_string())
                .replace("{dir}", &dir.path().display().to_string())
                .replace("{files}", &root.join("files").display().to_string())
                .replace("{golden}", &golden.display().to_string())
                .replace("{implausible}", &implausible.display().to_string())
        };
        let cmd = expand(&e.command);
        let fragment = expand(&e.fragment);
        let mut words = shlex::split(&cmd).expect("shell words");
        // `NAME=value` words before the arguments set the environment; a last word `>FILE`
        // sends stdout to FILE (`>/dev/full`: a stdout write error).
        let env: Vec<(String, String)> = words
            .iter()
            .map_while(|w| {
                w.split_once('=')
                    .filter(|(k, _)| k.starts_with("TRIBO_"))
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
            })
            .collect();
        words.drain(..env.len());
        let stdout_to = words
            .last()
            .and_then(|w| w.strip_prefix('>'))
            .map(str::to_owned);
        if stdout_to.is_some() {
            words.pop();
        }
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        let mut cmd = command(dir.path(), &args);
        cmd.envs(env).stdin(std::process::Stdio::null());
        if let Some(path) = stdout_to {
            let file = std::fs::OpenOptions::new().write(true).open(path).unwrap();
            cmd.stdout(file);
        }
        let out = cmd.output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        if out.status.code() != Some(e.code)
            || !stderr.contains(&fragment)
            || stderr.contains("panicked")
        {
            failures.push(format!(
                "commands.txt:{}: `{}` gave {:?}, expected {} with {:?}; stderr: {}",
                e.line,
                e.command,
                out.status.code(),
                e.code,
                fragment,
                stderr.trim()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
