//! File paths are read only inside the operator's files directory.

use super::*;
use catalog_core::model::{Location, Schema, Style, Type};

/// A fresh empty directory under the system's temporary directory, named for the test.
pub(crate) fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("catalog-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn param() -> Param {
    Param {
        location: Location::Body,
        name: "file".into(),
        required: true,
        deprecated: false,
        description: None,
        schema: Schema::new(Type::File),
        style: Style::Form,
        explode: true,
        pointer: "#/f".into(),
    }
}

/// A files directory `files/` holding `ok.txt`, beside a `secret.txt` outside it.
fn setup(test: &str) -> (PathBuf, Uploads) {
    let root = scratch_dir(test);
    let files = root.join("files");
    std::fs::create_dir_all(files.join("sub")).unwrap();
    std::fs::write(files.join("ok.txt"), b"inside").unwrap();
    std::fs::write(files.join("sub/deep.txt"), b"deeper").unwrap();
    std::fs::write(root.join("secret.txt"), b"outside").unwrap();
    let uploads = Uploads {
        files_dir: Some(files),
        max_bytes: 1 << 20,
    };
    (root, uploads)
}

fn read(uploads: &Uploads, path: &str) -> Result<Vec<u8>, RequestError> {
    uploads.bytes(&param(), Content::Path(path.into()), uploads.max_bytes)
}

#[test]
fn a_path_inside_the_directory_is_read() {
    let (root, uploads) = setup("inside");
    assert_eq!(read(&uploads, "ok.txt").unwrap(), b"inside");
    assert_eq!(read(&uploads, "sub/deep.txt").unwrap(), b"deeper");
    assert_eq!(
        read(&uploads, "./sub/../ok.txt").map_err(|e| e.kind()),
        Err(RequestErrorKind::File)
    );
    // An absolute path is allowed when it is inside the directory.
    let absolute = root.join("files/ok.txt");
    assert_eq!(
        read(&uploads, absolute.to_str().unwrap()).unwrap(),
        b"inside"
    );
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn paths_that_leave_the_directory_are_refused_naming_it() {
    let (root, uploads) = setup("refused");
    let dir = root.join("files");
    let shown = dir.display();
    let e = read(&uploads, "../secret.txt").unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::File);
    assert_eq!(
        e.to_string(),
        format!(
            "cannot build the request: body.file: the file path `../secret.txt` has a `..` component; give a path inside the files directory `{shown}`"
        )
    );
    let outside = root.join("secret.txt");
    let e = read(&uploads, outside.to_str().unwrap()).unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::File);
    assert_eq!(
        e.to_string(),
        format!(
            "cannot build the request: body.file: the file path `{}` leads outside the files directory `{shown}` (an absolute path elsewhere, or a symbolic link out of it); only files inside it can be sent",
            outside.display()
        )
    );
    assert!(
        read(&uploads, "/etc/passwd")
            .unwrap_err()
            .message()
            .contains("leads outside the files directory")
    );
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&outside, dir.join("escape.txt")).unwrap();
        std::os::unix::fs::symlink(&root, dir.join("up")).unwrap();
        for link in ["escape.txt", "up/secret.txt"] {
            let e = read(&uploads, link).unwrap_err();
            assert_eq!(e.kind(), RequestErrorKind::File, "{link}");
            assert!(
                e.message().contains("leads outside the files directory"),
                "{e}"
            );
        }
        // A link that stays inside is followed.
        std::os::unix::fs::symlink(dir.join("ok.txt"), dir.join("alias.txt")).unwrap();
        assert_eq!(read(&uploads, "alias.txt").unwrap(), b"inside");
    }
    let e = read(&uploads, "missing.txt").unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::File);
    assert!(
        e.message().starts_with(&format!(
            "no file `missing.txt` can be read in the files directory `{shown}`"
        )),
        "{e}"
    );
    let e = read(&uploads, "sub").unwrap_err();
    assert_eq!(
        e.message(),
        format!("`sub` in the files directory `{shown}` is not a regular file")
    );
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn without_a_files_directory_every_path_is_refused() {
    let e = read(&Uploads::default(), "ok.txt").unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::File);
    assert_eq!(
        e.message(),
        "file paths are not allowed here: the operator has set no files directory (CATALOG_FILES_DIR); send the file's bytes as `content_base64` instead"
    );
}

#[test]
fn a_file_larger_than_the_room_left_is_refused_before_it_is_read() {
    let (root, mut uploads) = setup("large");
    uploads.max_bytes = 5;
    let e = read(&uploads, "ok.txt").unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::TooLarge);
    assert_eq!(
        e.message(),
        "the request body would be larger than the upload limit of 5 bytes (CATALOG_MAX_UPLOAD_BYTES); send a smaller file"
    );
    let e = uploads
        .bytes(&param(), Content::Bytes(vec![0; 6]), 5)
        .unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::TooLarge);
    std::fs::remove_dir_all(root).unwrap();
}
