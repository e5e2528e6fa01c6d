//! What the operator allows a file argument to be: the directory a `{"path": ...}` file may be
//! read from, and the largest body a multipart or binary request may have.
//!
//! Both are read from the environment when such a request is built (requests without files
//! never read them):
//!
//! - `CATALOG_FILES_DIR`: the one directory file paths are read under. Unset, a file must carry
//!   its bytes (`content_base64`). A path is taken relative to it; `..` is refused outright, and
//!   the file's real location (symlinks followed) must be inside the directory, which is how an
//!   absolute path elsewhere or a symlink that escapes is refused.
//! - `CATALOG_MAX_UPLOAD_BYTES`: the cap on an encoded multipart or binary body, default
//!   [`DEFAULT_MAX_UPLOAD_BYTES`] (16 MiB). A file on disk is measured before it is read.

use super::encode::error::{RequestError, RequestErrorKind};
use super::file::Content;
use catalog_core::model::Param;
use std::io::Read as _;
use std::path::{Component, Path, PathBuf};

/// The default cap on an encoded multipart or binary request body: 16 MiB.
pub const DEFAULT_MAX_UPLOAD_BYTES: u64 = 16 * 1024 * 1024;

/// The environment variable naming the directory file paths are read under.
pub const FILES_DIR_ENV: &str = "CATALOG_FILES_DIR";

/// The environment variable capping an encoded multipart or binary body, in bytes.
pub const MAX_UPLOAD_BYTES_ENV: &str = "CATALOG_MAX_UPLOAD_BYTES";

/// What the operator allows file arguments: where paths may point, and how large a body may be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Uploads {
    /// The directory file paths are read under; `None` refuses every path.
    pub(crate) files_dir: Option<PathBuf>,
    /// The largest encoded body, in bytes.
    pub(crate) max_bytes: u64,
}

impl Default for Uploads {
    fn default() -> Uploads {
        Uploads {
            files_dir: None,
            max_bytes: DEFAULT_MAX_UPLOAD_BYTES,
        }
    }
}

impl Uploads {
    /// The settings in the environment ([`FILES_DIR_ENV`], [`MAX_UPLOAD_BYTES_ENV`]).
    pub(crate) fn from_env() -> Result<Uploads, RequestError> {
        let files_dir = crate::wire::environment::var_os(FILES_DIR_ENV)
            .filter(|d| !d.is_empty())
            .map(PathBuf::from);
        let max_bytes = match crate::wire::environment::var(MAX_UPLOAD_BYTES_ENV) {
            Some(v) => v.trim().parse::<u64>().map_err(|_| {
                RequestError::new(
                    RequestErrorKind::File,
                    None,
                    format!(
                        "{MAX_UPLOAD_BYTES_ENV} is `{}`, not a number of bytes",
                        v.escape_debug()
                    ),
                )
            })?,
            None => DEFAULT_MAX_UPLOAD_BYTES,
        };
        Ok(Uploads {
            files_dir,
            max_bytes,
        })
    }

    /// The error for a body that would pass the cap, naming the parameter being added.
    pub(crate) fn too_large(&self, param: Option<&Param>) -> RequestError {
        RequestError::new(
            RequestErrorKind::TooLarge,
            param,
            format!(
                "the request body would be larger than the upload limit of {} bytes \
                 ({MAX_UPLOAD_BYTES_ENV}); send a smaller file",
                self.max_bytes
            ),
        )
    }

    /// A file's bytes: its own, or those of the file its path names under the files
    /// directory. `room` is how many bytes the body may still grow by.
    pub(crate) fn bytes(
        &self,
        param: &Param,
        content: Content,
        room: u64,
    ) -> Result<Vec<u8>, RequestError> {
        match content {
            Content::Bytes(b) if b.len() as u64 > room => Err(self.too_large(Some(param))),
            Content::Bytes(b) => Ok(b),
            Content::Path(path) => self.read(param, &path, room),
        }
    }

    /// Reads the file `path` names under the files directory, refused when it leaves it.
    fn read(&self, param: &Param, path: &str, room: u64) -> Result<Vec<u8>, RequestError> {
        let refuse =
            |message: String| RequestError::new(RequestErrorKind::File, Some(param), message);
        let Some(dir) = &self.files_dir else {
            return Err(refuse(format!(
                "file paths are not allowed here: the operator has set no files directory \
                 ({FILES_DIR_ENV}); send the file's bytes as `content_base64` instead"
            )));
        };
        let shown = dir.display();
        let path_shown = path.escape_debug();
        if Path::new(path)
            .components()
            .any(|c| c == Component::ParentDir)
        {
            return Err(refuse(format!(
                "the file path `{path_shown}` has a `..` component; give a path inside the files \
                 directory `{shown}`"
            )));
        }
        let root = dir.canonicalize().map_err(|e| {
            refuse(format!(
                "the files directory `{shown}` ({FILES_DIR_ENV}) cannot be read: {e}"
            ))
        })?;
        let real = root.join(path).canonicalize().map_err(|e| {
            refuse(format!(
                "no file `{path_shown}` can be read in the files directory `{shown}`: {e}"
            ))
        })?;
        if !real.starts_with(&root) {
            return Err(refuse(format!(
                "the file path `{path_shown}` leads outside the files directory `{shown}` \
                 (an absolute path elsewhere, or a symbolic link out of it); only files inside \
                 it can be sent"
            )));
        }
        let mut f = std::fs::File::open(&real)
            .map_err(|e| refuse(format!("the file `{path_shown}` cannot be opened: {e}")))?;
        let meta = f
            .metadata()
            .map_err(|e| refuse(format!("the file `{path_shown}` cannot be read: {e}")))?;
        if !meta.is_file() {
            return Err(refuse(format!(
                "`{path_shown}` in the files directory `{shown}` is not a regular file"
            )));
        }
        if meta.len() > room {
            return Err(self.too_large(Some(param)));
        }
        // Read at most one byte past the room, in case the file grew since it was measured.
        let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
        (&mut f)
            .take(room.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|e| refuse(format!("the file `{path_shown}` cannot be read: {e}")))?;
        if bytes.len() as u64 > room {
            return Err(self.too_large(Some(param)));
        }
        Ok(bytes)
    }
}

#[cfg(test)]
pub(crate) mod tests;
