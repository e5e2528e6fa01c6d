//! A minimal Redis client: one command at a time on a TCP connection, in RESP2 (the protocol
//! every Redis since 2.0 and its compatible servers speak), for the few commands the shared
//! buckets send (`AUTH`, `SELECT`, `PING`, `SCRIPT LOAD`, `EVALSHA`, `EVAL`). Replies are
//! read with caps on their size and nesting, so a server that is not Redis cannot make the
//! reader allocate without bound.

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// The longest line (a status, an error, a length) read.
const MAX_LINE: usize = 4096;
/// The largest bulk string read.
const MAX_BULK: usize = 64 * 1024;
/// The most elements an array read may have.
const MAX_ARRAY: usize = 64;
/// How deep arrays may nest.
const MAX_DEPTH: usize = 4;

/// One reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Reply {
    /// `+OK`.
    Status(String),
    /// `-ERR ...`: the command was refused.
    Error(String),
    /// `:1`.
    Integer(i64),
    /// `$3\r\nabc`; `None`: the null bulk string.
    Bulk(Option<Vec<u8>>),
    /// `*2\r\n...`; `None`: the null array.
    Array(Option<Vec<Reply>>),
}

/// One connection to the store.
#[derive(Debug)]
pub(crate) struct Connection {
    stream: BufReader<TcpStream>,
}

impl Connection {
    /// Connects to `host:port`.
    pub(crate) async fn open(host: &str, port: u16) -> std::io::Result<Connection> {
        let stream = TcpStream::connect((host, port)).await?;
        stream.set_nodelay(true)?;
        Ok(Connection {
            stream: BufReader::new(stream),
        })
    }

    /// Sends one command and reads its reply.
    pub(crate) async fn command(&mut self, args: &[&[u8]]) -> std::io::Result<Reply> {
        self.stream.get_mut().write_all(&encode(args)).await?;
        read(&mut self.stream, 0).await
    }
}

/// `args` as a RESP array of bulk strings.
pub(crate) fn encode(args: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + args.iter().map(|a| a.len() + 16).sum::<usize>());
    out.extend_from_slice(format!("*{}\r\n", args.len()).as_bytes());
    for arg in args {
        out.extend_from_slice(format!("${}\r\n", arg.len()).as_bytes());
        out.extend_from_slice(arg);
        out.extend_from_slice(b"\r\n");
    }
    out
}

fn malformed(what: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!("not a Redis reply: {what}"),
    )
}

/// Reads one reply.
pub(crate) async fn read<R>(reader: &mut R, depth: usize) -> std::io::Result<Reply>
where
    R: tokio::io::AsyncBufRead + Unpin + Send,
{
    let line = read_line(reader).await?;
    let (kind, rest) = match line.split_first() {
        Some((kind, rest)) => (*kind, rest),
        None => return Err(malformed("an empty line")),
    };
    let text = || String::from_utf8_lossy(rest).into_owned();
    match kind {
        b'+' => Ok(Reply::Status(text())),
        b'-' => Ok(Reply::Error(text())),
        b':' => Ok(Reply::Integer(number(rest)?)),
        b'$' => {
            let len = number(rest)?;
            if len < 0 {
                return Ok(Reply::Bulk(None));
            }
            let len = usize::try_from(len).map_err(malformed)?;
            if len > MAX_BULK {
                return Err(malformed(format!("a {len}-byte string")));
            }
            let mut bulk = vec![0; len + 2];
            reader.read_exact(&mut bulk).await?;
            if !bulk.ends_with(b"\r\n") {
                return Err(malformed("a string not ended by CRLF"));
            }
            bulk.truncate(len);
            Ok(Reply::Bulk(Some(bulk)))
        }
        b'*' => {
            let len = number(rest)?;
            if len < 0 {
                return Ok(Reply::Array(None));
            }
            let len = usize::try_from(len).map_err(malformed)?;
            if len > MAX_ARRAY || depth >= MAX_DEPTH {
                return Err(malformed(format!("an array of {len} at depth {depth}")));
            }
            let mut items = Vec::with_capacity(len);
            for _ in 0..len {
                items.push(Box::pin(read(reader, depth + 1)).await?);
            }
            Ok(Reply::Array(Some(items)))
        }
        other => Err(malformed(format!("type byte {:?}", char::from(other)))),
    }
}

// One line without its CRLF, at most MAX_LINE bytes.
async fn read_line<R>(reader: &mut R) -> std::io::Result<Vec<u8>>
where
    R: tokio::io::AsyncBufRead + Unpin + Send,
{
    let mut line = Vec::new();
    let n = (&mut *reader)
        .take(MAX_LINE as u64 + 2)
        .read_until(b'\n', &mut line)
        .await?;
    if n == 0 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            "the store closed the connection",
        ));
    }
    if !line.ends_with(b"\r\n") {
        return Err(malformed("a line not ended by CRLF, or too long"));
    }
    line.truncate(line.len() - 2);
    Ok(line)
}

fn number(text: &[u8]) -> std::io::Result<i64> {
    std::str::from_utf8(text)
        .ok()
        .and_then(|t| t.parse().ok())
        .ok_or_else(|| {
            malformed(format!(
                "{:?} is not a number",
                String::from_utf8_lossy(text)
            ))
        })
}
