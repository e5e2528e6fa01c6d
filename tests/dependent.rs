//! A crate that depends on `catalog` by path, outside the workspace (see `support`), as a user's
//! does: the facade's build script runs in its build and indexes none of this project's test
//! specs, so the crate pays nothing for them and sees no index but its own (docs/layout.md,
//! "Packaging"). `.ci/package.sh` checks the same from the packaged crates.

mod support;

use support::{TempCrate, workspace_root};

const GET_TASK: &str = r#"use catalog::tool;

/// Get one task.
#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask {
    pub board_id: String,
    pub task_id: i64,
}
"#;

#[test]
fn a_path_dependent_s_build_indexes_none_of_the_project_s_specs() {
    let c = TempCrate::new("path_dependent");
    let spec = workspace_root().join("openapi/taskboard.yaml");
    c.write(
        "openapi/taskboard.yaml",
        &std::fs::read_to_string(spec).unwrap(),
    );
    c.build_rs("openapi/taskboard.yaml");
    c.write("src/lib.rs", GET_TASK);
    let (checked, messages) = c.check_json();
    checked.assert_ok("a crate depending on catalog by path");

    // The facade's build script, however often it ran (a dependency and a build-dependency):
    // `path+file://<this workspace>#catalog@<version>`, or `#<version>` alone when the
    // workspace's folder is named `catalog`.
    let facade = format!("path+file://{}#", workspace_root().display());
    let is_facade = |id: &str| {
        id.strip_prefix(&facade)
            .is_some_and(|rest| rest.starts_with("catalog@") || !rest.contains('@'))
    };
    let runs: Vec<serde_json::Value> = messages
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|m| m["reason"] == "build-script-executed")
        .filter(|m| m["package_id"].as_str().is_some_and(is_facade))
        .collect();
    assert!(
        !runs.is_empty(),
        "no run of catalog's build script in:\n{messages}"
    );
    for run in &runs {
        let env = run["env"].as_array().expect("env is a list");
        assert!(
            env.iter().all(|pair| pair[0] != "CATALOG_INDEX_DIR"),
            "catalog's build script pointed the dependent at an index: {run}"
        );
        // What that run printed: no spec of openapi/ was read (nor indexed).
        let out_dir = std::path::Path::new(run["out_dir"].as_str().expect("out_dir"));
        let output = std::fs::read_to_string(out_dir.parent().unwrap().join("output")).unwrap();
        assert!(
            !output.contains("openapi/"),
            "catalog's build script read the project's specs for a dependent:\n{output}"
        );
    }

    // The dependent's own build script indexed its own spec, and the tool compiled against it.
    assert!(
        checked.stderr.contains("indexed taskboard"),
        "the dependent's build script did not index its spec:\n{}",
        checked.stderr
    );
}
