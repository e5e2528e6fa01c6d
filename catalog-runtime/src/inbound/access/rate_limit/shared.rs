//! The buckets shared by replicas ([`ENV_RATE_LIMIT_STORE`]): with a Redis URL set, every
//! server of one name takes a caller's calls from one bucket per caller (for the server, and per
//! tool), kept in Redis, so N replicas behind a load balancer allow a caller the rate once, not
//! N times.
//!
//! **Atomic.** One call is one Lua script ([`SCRIPT`], run by `EVALSHA`, or `EVAL` when the
//! store has lost it): it reads the caller's buckets, refills them by the store's own clock
//! (`TIME`, so the replicas' clocks need not agree), and takes one token from each or from none,
//! answering how long until a call is let through. The buckets are hashes that expire once they
//! would be full again (the whole refill, plus a second), so a caller gone quiet leaves nothing.
//!
//! **The key** is the same on every replica and never holds a token: the first 128 bits of
//! SHA-256 over a fixed domain prefix, the kind of caller and its name
//! (`catalog rate limit\0subject\0NAME`, `...\0token\0TOKEN`, `...\0session\0ID`), in hex. A
//! verifier's tokens are secrets with far more entropy than an attacker could search, so the
//! digest names a token without giving it away; the per-process keyed hash of the in-memory
//! buckets could not be shared. The Redis key is
//! `catalog:rate:{DIGEST}:SERVER_NAME:server` and `...:tool:TOOL` (`SERVER_NAME` is the name
//! the server gives in `initialize`); the digest is the hash tag, so one caller's buckets sit on
//! one Redis Cluster slot, as a script's keys must. A caller known only by its TCP connection
//! (HTTP without a verifier or session) and the stdio process keep in-memory buckets: a
//! connection's number is the server's own and would name different callers on each replica.
//!
//! **Failure.** An unparsable URL is refused when the settings are read, and a store that does
//! not answer (or refuses the login, the database, or Lua) when the HTTP server starts, each
//! naming the fix. Once serving, a store that stops answering within [`TIMEOUT`] fails open to
//! the replica's own buckets, as Envoy's rate limiter fails open by default: calls go on being
//! limited, each replica allowing its share again, rather than all refused because the limiter
//! broke. It is logged once when the outage starts and once when the store answers again,
//! counted in `catalog_rate_limit_store_errors_total`, shown by `catalog_rate_limit_store_up`,
//! and the store is tried again after [`STORE_RETRY`] (calls meanwhile do not wait on it).
//!
//! **The client** is this crate's own (`rate_limit/resp.rs`): RESP2 over a TCP connection, a few
//! idle connections kept. The buckets need five commands, one at a time; the `redis` crate
//! would add its own dependency tree (and a cargo feature to keep it out of other builds) for
//! clustering, pub/sub and pipelining that go unused. No TLS (`rediss://` is refused, naming
//! what to do instead): the store is reached over a private network.

use super::resp::{Connection, Reply};
use crate::config::config_error::ConfigError;
use crate::config::variable_error::VariableError;
use sha2::{Digest, Sha256};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// `CATALOG_RATE_LIMIT_STORE`: the Redis that replicas share their buckets in
/// (`redis://127.0.0.1:6379/0`).
pub const ENV_RATE_LIMIT_STORE: &str = "CATALOG_RATE_LIMIT_STORE";

/// How long a call waits for the store before it is limited by the replica's own buckets.
pub const TIMEOUT: Duration = Duration::from_millis(250);
/// After the store failed, how long calls use the replica's own buckets before it is tried
/// again.
pub const STORE_RETRY: Duration = Duration::from_secs(1);
/// How long the server's start waits for the store.
const START_TIMEOUT: Duration = Duration::from_secs(3);
/// Idle connections kept.
const MAX_IDLE: usize = 8;

const URL_GRAMMAR: &str = "expected a Redis URL, `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]` \
                           (`redis://127.0.0.1:6379/0`; port 6379 and database 0 by default)";

/// The token buckets' script. KEYS: a caller's buckets; ARGV: for each, its calls, its period
/// in microseconds and its burst. Answers `{0, 0}` when one call was taken from every bucket,
/// else `{i, us}`: bucket `i` (from 1) has no call for `us` more microseconds, and nothing was
/// taken.
pub const SCRIPT: &str = r"
if redis.replicate_commands then redis.replicate_commands() end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local levels = {}
for i, key in ipairs(KEYS) do
  local calls = tonumber(ARGV[3 * i - 2])
  local period = tonumber(ARGV[3 * i - 1])
  local burst = tonumber(ARGV[3 * i])
  local level = burst
  local bucket = redis.call('HMGET', key, 'tokens', 'at')
  if bucket[1] and bucket[2] then
    local elapsed = math.max(0, now - tonumber(bucket[2]))
    level = math.min(burst, tonumber(bucket[1]) + elapsed * calls / period)
  end
  if level < 1 then
    return {i, math.ceil((1 - level) * period / calls)}
  end
  levels[i] = level
end
for i, key in ipairs(KEYS) do
  local calls = tonumber(ARGV[3 * i - 2])
  local period = tonumber(ARGV[3 * i - 1])
  local burst = tonumber(ARGV[3 * i])
  redis.call('HSET', key, 'tokens', string.format('%.17g', levels[i] - 1),
    'at', string.format('%.0f', now))
  redis.call('PEXPIRE', key, math.ceil(burst * period / calls / 1000) + 1000)
end
return {0, 0}
";

/// Where the store is: `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`.
#[derive(Clone, PartialEq, Eq)]
pub struct StoreUrl {
    host: String,
    port: u16,
    db: u32,
    user: Option<String>,
    password: Option<String>,
}

impl StoreUrl {
    /// Reads `value` of `variable`; what is not a `redis://` URL is refused, naming the form
    /// (a password in it is not repeated).
    pub fn parse(variable: &str, value: &str) -> Result<StoreUrl, VariableError> {
        let shown = redacted(value);
        let invalid =
            |why: &str| VariableError::invalid(variable, &shown, format!("{why}{URL_GRAMMAR}"));
        let url = url::Url::parse(value.trim()).map_err(|_| invalid(""))?;
        match url.scheme() {
            "redis" => {}
            "rediss" => {
                return Err(invalid(
                    "TLS (`rediss://`) is not supported: reach the store on a private network, \
                     or through a local TLS tunnel, with `redis://`; ",
                ));
            }
            _ => return Err(invalid("")),
        }
        let host = match url.host() {
            Some(url::Host::Domain(d)) if !d.is_empty() => d.to_string(),
            Some(url::Host::Ipv4(a)) => a.to_string(),
            Some(url::Host::Ipv6(a)) => a.to_string(),
            _ => return Err(invalid("no host: ")),
        };
        if url.query().is_some() || url.fragment().is_some() {
            return Err(invalid("no `?` or `#` part is read: "));
        }
        let db = match url.path().trim_start_matches('/') {
            "" => 0,
            db => db
                .parse::<u32>()
                .map_err(|_| invalid("the database is a number: "))?,
        };
        let decode = |s: &str| {
            percent_encoding::percent_decode_str(s)
                .decode_utf8()
                .map(|s| s.into_owned())
                .map_err(|_| invalid("the user and password are UTF-8, percent-encoded: "))
        };
        let user = match url.username() {
            "" => None,
            u => Some(decode(u)?),
        };
        let password = url.password().map(decode).transpose()?;
        Ok(StoreUrl {
            host,
            port: url.port().unwrap_or(6379),
            db,
            user,
            password,
        })
    }
}

// `value` with what lies between `://` and the last `@` of the authority hidden.
fn redacted(value: &str) -> String {
    let Some((scheme, rest)) = value.split_once("://") else {
        return value.to_string();
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    match rest[..end].rfind('@') {
        Some(at) => format!("{scheme}://***{}", &rest[at..]),
        None => value.to_string(),
    }
}

/// `redis://HOST:PORT/DB`, with `***` for a login.
impl std::fmt::Display for StoreUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let login = if self.user.is_some() || self.password.is_some() {
            "***@"
        } else {
            ""
        };
        let host = if self.host.contains(':') {
            format!("[{}]", self.host)
        } else {
            self.host.clone()
        };
        write!(f, "redis://{login}{host}:{}/{}", self.port, self.db)
    }
}

impl std::fmt::Debug for StoreUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StoreUrl({self})")
    }
}

/// A token's name in the store: SHA-256 of the domain-prefixed token, its first 128 bits.
pub(crate) fn token_digest(token: &str) -> [u8; 16] {
    digest("token", token.as_bytes())
}

/// The caller of `kind` (`subject`, `token`, `session`) known as `name`: SHA-256 over the domain
/// prefix, the kind and the name, its first 128 bits.
pub(crate) fn digest(kind: &str, name: &[u8]) -> [u8; 16] {
    let mut hash = Sha256::new();
    hash.update(b"catalog rate limit\0");
    hash.update(kind.as_bytes());
    hash.update(b"\0");
    hash.update(name);
    let full = hash.finalize();
    let mut out = [0; 16];
    out.copy_from_slice(&full[..16]);
    out
}

/// A digest in hex, as keys name callers.
pub(crate) fn hex(digest: &[u8; 16]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The Redis key of a caller's bucket on server `server`: `None` scope is the server's.
pub(crate) fn bucket_key(caller: &str, server: &str, scope: Option<&str>) -> String {
    match scope {
        Some(tool) => format!("catalog:rate:{{{caller}}}:{server}:tool:{tool}"),
        None => format!("catalog:rate:{{{caller}}}:{server}:server"),
    }
}

/// One bucket a call takes from: its scope (a tool; `None`: the server's) and its rate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Wanted {
    pub(crate) scope: Option<String>,
    pub(crate) calls: u32,
    pub(crate) per: Duration,
    pub(crate) burst: u32,
}

/// The script's ARGV for `buckets`, in their keys' order: calls, period in microseconds, burst.
pub(crate) fn script_args(buckets: &[Wanted]) -> Vec<String> {
    buckets
        .iter()
        .flat_map(|b| {
            [
                b.calls.to_string(),
                b.per.as_micros().to_string(),
                b.burst.to_string(),
            ]
        })
        .collect()
}

/// The script's answer: `None` when the call was taken, else the index of the empty bucket
/// (from 0) and how long until it has a call.
pub(crate) fn read_answer(
    reply: Reply,
    buckets: usize,
) -> Result<Option<(usize, Duration)>, String> {
    let malformed = |reply: &Reply| format!("the script answered {reply:?}");
    match &reply {
        Reply::Error(e) => Err(format!("the store refused the script: {e}")),
        Reply::Array(Some(items)) => match items.as_slice() {
            [Reply::Integer(0), Reply::Integer(_)] => Ok(None),
            [Reply::Integer(i), Reply::Integer(us)]
                if *i >= 1 && usize::try_from(*i).is_ok_and(|i| i <= buckets) && *us >= 0 =>
            {
                let index = usize::try_from(*i - 1).map_err(|_| malformed(&reply))?;
                let us = u64::try_from(*us).map_err(|_| malformed(&reply))?;
                Ok(Some((index, Duration::from_micros(us))))
            }
            _ => Err(malformed(&reply)),
        },
        _ => Err(malformed(&reply)),
    }
}

#[derive(Debug, Default)]
struct Health {
    // In an outage: logged once, and the store tried again at `retry_at`.
    down: bool,
    retry_at: Option<Instant>,
}

/// The shared store of one server: where, the script's digest and the server's name once
/// started, idle connections, and whether it answers.
#[derive(Debug)]
pub(crate) struct Store {
    url: StoreUrl,
    // The script's SHA-1 (from `SCRIPT LOAD`) and the server's name, set at start.
    started: OnceLock<(String, String)>,
    idle: Mutex<Vec<Connection>>,
    health: Mutex<Health>,
    errors: AtomicU64,
}

impl Store {
    pub(crate) fn new(url: StoreUrl) -> Store {
        Store {
            url,
            started: OnceLock::new(),
            idle: Mutex::new(Vec::new()),
            health: Mutex::new(Health::default()),
            errors: AtomicU64::new(0),
        }
    }

    fn refused(&self, what: &str, fix: &str) -> ConfigError {
        ConfigError::new(format!(
            "{ENV_RATE_LIMIT_STORE}: the store at {} {what}: {fix}",
            self.url
        ))
    }

    /// Connects and logs in, and selects the database.
    async fn connect(&self) -> Result<Connection, ConfigError> {
        let unset = format!(
            "start it or correct the URL (or unset {ENV_RATE_LIMIT_STORE}: each server then \
             keeps its own buckets)"
        );
        let mut conn = Connection::open(&self.url.host, self.url.port)
            .await
            .map_err(|e| self.refused(&format!("does not answer ({e})"), &unset))?;
        let login = "give its password in the URL: `redis://:PASSWORD@HOST`, or \
                     `redis://USER:PASSWORD@HOST` for an ACL user";
        let io = |e: std::io::Error| self.refused(&format!("does not answer ({e})"), &unset);
        if let Some(password) = &self.url.password {
            let mut args: Vec<&[u8]> = vec![b"AUTH"];
            if let Some(user) = &self.url.user {
                args.push(user.as_bytes());
            }
            args.push(password.as_bytes());
            if let Reply::Error(e) = conn.command(&args).await.map_err(io)? {
                return Err(self.refused(&format!("refused the login ({e})"), login));
            }
        }
        if self.url.db != 0 {
            let db = self.url.db.to_string();
            if let Reply::Error(e) = conn
                .command(&[b"SELECT", db.as_bytes()])
                .await
                .map_err(io)?
            {
                let fix = if e.starts_with("NOAUTH") {
                    login
                } else {
                    "name one it has (`/0`)"
                };
                return Err(self.refused(&format!("refused database {db} ({e})"), fix));
            }
        }
        Ok(conn)
    }

    /// At the server's start: the store answers, takes the login, and loads the script; the
    /// keys are named after `server`. Otherwise refused, naming the fix.
    pub(crate) async fn start(&self, server: &str) -> Result<(), ConfigError> {
        let started = async {
            let mut conn = self.connect().await?;
            let io = |e: std::io::Error| {
                self.refused(
                    &format!("does not answer as Redis does ({e})"),
                    "check that the URL names a Redis (5 or later)",
                )
            };
            let sha = match conn
                .command(&[b"SCRIPT", b"LOAD", SCRIPT.as_bytes()])
                .await
                .map_err(io)?
            {
                Reply::Bulk(Some(sha)) => String::from_utf8_lossy(&sha).into_owned(),
                Reply::Error(e) if e.starts_with("NOAUTH") || e.starts_with("WRONGPASS") => {
                    return Err(self.refused(
                        &format!("refused the login ({e})"),
                        "give its password in the URL: `redis://:PASSWORD@HOST`, or \
                         `redis://USER:PASSWORD@HOST` for an ACL user",
                    ));
                }
                other => {
                    return Err(self.refused(
                        &format!("does not run the limit's Lua script ({other:?})"),
                        "use Redis 5 or later, or a server that runs `EVAL` scripts",
                    ));
                }
            };
            self.give_back(conn);
            Ok(sha)
        };
        let sha = match tokio::time::timeout(START_TIMEOUT, started).await {
            Ok(sha) => sha?,
            Err(_) => {
                return Err(self.refused(
                    &format!("does not answer within {} s", START_TIMEOUT.as_secs()),
                    &format!(
                        "start it or correct the URL (or unset {ENV_RATE_LIMIT_STORE}: each \
                         server then keeps its own buckets)"
                    ),
                ));
            }
        };
        let _ = self.started.set((sha, server.to_string()));
        Ok(())
    }

    fn give_back(&self, conn: Connection) {
        if let Ok(mut idle) = self.idle.lock()
            && idle.len() < MAX_IDLE
        {
            idle.push(conn);
        }
    }

    // Runs the script once on an idle connection or a new one.
    async fn run(&self, sha: &str, keys: &[String], args: &[String]) -> Result<Reply, String> {
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        let mut conn = match idle {
            Some(conn) => conn,
            None => self.connect().await.map_err(|e| e.to_string())?,
        };
        let count = keys.len().to_string();
        let mut command: Vec<&[u8]> = vec![b"EVALSHA", sha.as_bytes(), count.as_bytes()];
        command.extend(keys.iter().map(|k| k.as_bytes()));
        command.extend(args.iter().map(|a| a.as_bytes()));
        let mut reply = conn.command(&command).await.map_err(|e| e.to_string())?;
        if matches!(&reply, Reply::Error(e) if e.starts_with("NOSCRIPT")) {
            // The store restarted or flushed its scripts: EVAL loads it again.
            command[0] = b"EVAL";
            command[1] = SCRIPT.as_bytes();
            reply = conn.command(&command).await.map_err(|e| e.to_string())?;
        }
        self.give_back(conn);
        Ok(reply)
    }

    /// Takes one call from each of `caller`'s `buckets`: `Ok(None)`
    /// taken, `Ok(Some((i, wait)))` bucket `i` is empty for `wait`; `Err(())` the store did not
    /// answer (or is resting after an outage): the caller limits by its own buckets.
    pub(crate) async fn take(
        &self,
        caller: &str,
        buckets: &[Wanted],
    ) -> Result<Option<(usize, Duration)>, ()> {
        let Some((sha, server)) = self.started.get() else {
            return Err(());
        };
        if let Ok(health) = self.health.lock()
            && health.retry_at.is_some_and(|at| Instant::now() < at)
        {
            return Err(());
        }
        let keys: Vec<String> = buckets
            .iter()
            .map(|b| bucket_key(caller, server, b.scope.as_deref()))
            .collect();
        let args = script_args(buckets);
        let answer = match tokio::time::timeout(TIMEOUT, self.run(sha, &keys, &args)).await {
            Ok(Ok(reply)) => read_answer(reply, keys.len()),
            Ok(Err(e)) => Err(e),
            Err(_) => Err(format!("no answer within {} ms", TIMEOUT.as_millis())),
        };
        let Ok(mut health) = self.health.lock() else {
            return answer.map_err(|_| ());
        };
        match answer {
            Ok(answer) => {
                if health.down {
                    eprintln!(
                        "catalog: rate limits: the store at {} answers again; the replicas \
                         share their buckets again",
                        self.url
                    );
                }
                *health = Health::default();
                Ok(answer)
            }
            Err(e) => {
                self.errors.fetch_add(1, Ordering::Relaxed);
                // The idle connections went with the store, likely: new ones once it answers.
                if let Ok(mut idle) = self.idle.lock() {
                    idle.clear();
                }
                if !health.down {
                    eprintln!(
                        "catalog: rate limits: the store at {} failed ({e}); until it answers, \
                         this server limits each caller by its own buckets (fail-open to one \
                         replica's share), trying the store again every {} s",
                        self.url,
                        STORE_RETRY.as_secs()
                    );
                }
                health.down = true;
                health.retry_at = Some(Instant::now() + STORE_RETRY);
                Err(())
            }
        }
    }

    /// The store's metrics, in the Prometheus text format.
    pub(crate) fn render(&self, out: &mut String) {
        use std::fmt::Write as _;
        let up = self.health.lock().map_or(0, |h| u8::from(!h.down));
        let _ = write!(
            out,
            "# HELP catalog_rate_limit_store_errors_total Rate-limit store requests that failed \
             (the call was limited by the server's own buckets).\n\
             # TYPE catalog_rate_limit_store_errors_total counter\n\
             catalog_rate_limit_store_errors_total {}\n\
             # HELP catalog_rate_limit_store_up Whether the rate-limit store answered its last \
             request.\n\
             # TYPE catalog_rate_limit_store_up gauge\n\
             catalog_rate_limit_store_up {up}\n",
            self.errors.load(Ordering::Relaxed)
        );
    }
}

#[cfg(test)]
mod tests;
