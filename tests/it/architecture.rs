//! The module dependencies docs/ARCHITECTURE.md draws are the ones the code has, and no
//! two sibling files in src/ use each other (directly or round a longer loop).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crate's top-level modules.
const TOP: [&str; 9] = [
    "engine", "ai", "render", "game", "store", "bot", "fakeapi", "loadtest", "cli",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("a source directory") {
        let p = e.expect("a directory entry").path();
        if p.is_dir() {
            out.extend(sources(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}

/// A file's code without comments and without its unit tests.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a source file");
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => &text[..],
    };
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The identifiers that follow `prefix` (`crate::bot::play`: `play`), and the names
/// listed in a `use prefix::{…}` group.
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find(prefix) {
        let after = &rest[i + prefix.len()..];
        if let Some(group) = after.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for part in group[..end].split(|c: char| !(c.is_alphanumeric() || c == '_')) {
                if !part.is_empty() {
                    out.insert(part.to_string());
                }
            }
        } else {
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.insert(name);
            }
        }
        rest = &rest[i + prefix.len()..];
    }
    out
}

/// What each top-level module uses of the others.
fn top_level_deps() -> BTreeMap<String, BTreeSet<String>> {
    let mut deps = BTreeMap::new();
    for m in TOP {
        let mut used = BTreeSet::new();
        for f in sources(&root().join("src").join(m)) {
            for n in names_after(&code(&f), "crate::") {
                if n != m && TOP.contains(&n.as_str()) {
                    used.insert(n);
                }
            }
        }
        deps.insert(m.to_string(), used);
    }
    deps
}

/// The block ```` ```text <name> ```` of docs/ARCHITECTURE.md, read as `module -> a, b`.
fn documented_deps(name: &str) -> BTreeMap<String, BTreeSet<String>> {
    let doc = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).expect("the doc");
    let open = format!("```text {name}\n");
    let start = doc.find(&open).expect("a deps block") + open.len();
    let end = start + doc[start..].find("```").expect("the block's end");
    doc[start..end]
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (m, used) = l.split_once("->").expect("module -> uses");
            let used = used
                .split(',')
                .map(str::trim)
                .filter(|u| !u.is_empty())
                .map(str::to_string)
                .collect();
            (m.trim().to_string(), used)
        })
        .collect()
}

#[test]
fn the_documented_module_dependencies_are_the_codes() {
    assert_eq!(documented_deps("deps"), top_level_deps());
}

#[test]
fn the_documented_layers_of_the_bot_are_the_codes() {
    let code = sibling_deps(&root().join("src/bot"), "crate::bot");
    assert_eq!(documented_deps("bot-deps"), code);
}

/// A feature owns its commands and buttons; what two features need is in a shared
/// module (`play`, `board`, `chat`, ...), never in another feature.
#[test]
fn features_do_not_use_each_other() {
    let deps = sibling_deps(&root().join("src/bot/features"), "crate::bot::features");
    assert!(deps.len() >= 10, "the features are found: {deps:?}");
    for (feature, used) in &deps {
        assert!(used.is_empty(), "the feature {feature} uses {used:?}");
    }
}

/// The sibling modules of directory `dir` (files and subdirectories with a `mod.rs`) and
/// which of them each uses.
fn sibling_deps(dir: &Path, path: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut mods: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for e in std::fs::read_dir(dir).expect("a source directory") {
        let p = e.expect("a directory entry").path();
        let name = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        if p.is_dir() && p.join("mod.rs").exists() {
            mods.insert(name.to_string(), sources(&p));
        } else if p.extension().is_some_and(|x| x == "rs") && name != "mod" && name != "lib" {
            mods.insert(name.to_string(), vec![p.clone()]);
        }
    }
    let mut deps = BTreeMap::new();
    for (m, files) in &mods {
        let mut used = BTreeSet::new();
        for f in files {
            let c = code(f);
            let own = format!("{path}::");
            let mut names = names_after(&c, "super::");
            if !path.is_empty() {
                names.extend(names_after(&c, &own));
            }
            used.extend(names.into_iter().filter(|n| n != m && mods.contains_key(n)));
        }
        deps.insert(m.clone(), used);
    }
    deps
}

/// A loop in `deps`, if there is one.
fn a_cycle(deps: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    for start in deps.keys() {
        let mut stack = vec![vec![start.clone()]];
        let mut seen = BTreeSet::new();
        while let Some(path) = stack.pop() {
            let last = path.last().expect("a non-empty path");
            for next in deps.get(last).into_iter().flatten() {
                if next == start {
                    let mut cycle = path.clone();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                if seen.insert(next.clone()) {
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    stack.push(longer);
                }
            }
        }
    }
    None
}

#[test]
fn no_files_in_src_use_each_other() {
    let mut dirs = vec![(root().join("src"), "crate".to_string())];
    while let Some((dir, path)) = dirs.pop() {
        let deps = sibling_deps(&dir, &path);
        assert_eq!(
            a_cycle(&deps),
            None,
            "a loop among the files of {}",
            dir.display()
        );
        for e in std::fs::read_dir(&dir).expect("a source directory") {
            let p = e.expect("a directory entry").path();
            if p.is_dir() {
                let name = p.file_name().and_then(|s| s.to_str()).unwrap_or_default();
                dirs.push((p.clone(), format!("{path}::{name}")));
            }
        }
    }
}

#[test]
fn the_cycle_finder_finds_a_loop() {
    let deps: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec![]),
    ]
    .into_iter()
    .map(|(m, u)| (m.to_string(), u.into_iter().map(str::to_string).collect()))
    .collect();
    assert!(a_cycle(&deps).is_some());
    let mut acyclic = deps.clone();
    acyclic.insert("c".into(), BTreeSet::new());
    assert_eq!(a_cycle(&acyclic), None);
}
