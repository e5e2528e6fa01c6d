//! Stopping gracefully: the signals that ask for it, and what each transport does.
//!
//! On SIGTERM (what Kubernetes, systemd and `docker stop` send) or SIGINT (Ctrl-C), a server
//! started with [`McpServer::serve_http`](crate::inbound::mcp::McpServer::serve_http) or
//! [`McpServer::serve_stdio`](crate::inbound::mcp::McpServer::serve_stdio):
//!
//! - over HTTP with a shutdown delay
//!   ([`HttpConfig::shutdown_delay`](crate::inbound::transport::http::HttpConfig::shutdown_delay),
//!   [`ENV_HTTP_SHUTDOWN_DELAY`](crate::inbound::transport::http::ENV_HTTP_SHUTDOWN_DELAY)), first serves on
//!   for the delay with readiness already 503, each answer with `Connection: close`. Closing an
//!   idle kept-alive connection races with a load balancer sending on it: HAProxy then closes
//!   its client's connection without an answer, and a client that does not retry a POST loses
//!   the call (9 of 23 fleet runs of about a thousand calls lost one, with no delay). A delay
//!   longer than the balancer takes to see readiness fail leaves it no connection to send on;
//! - takes no new work: over HTTP readiness turns 503 and the listening socket is closed (a new
//!   connection is refused), idle keep-alive connections are closed, and a request that still
//!   arrives on an open one is answered like a call in flight, with `Connection: close` (a 503
//!   there was passed on to clients by a load balancer that does not retry a POST); over stdio
//!   no further line is read;
//! - finishes the calls in flight and writes their answers, for at most the shutdown grace
//!   ([`McpServer::shutdown_grace`](crate::inbound::mcp::McpServer::shutdown_grace),
//!   [`ENV_SHUTDOWN_GRACE`](crate::config::settings::ENV_SHUTDOWN_GRACE), default
//!   [`DEFAULT_SHUTDOWN_GRACE`](crate::config::settings::DEFAULT_SHUTDOWN_GRACE));
//! - then returns `Ok(())`, so the process exits 0. What was still running after the grace is
//!   cut, and a line on stderr says how much.
//!
//! `serve_http_until` and `serve_until` take any future as the signal instead.

/// Resolves when the process receives SIGTERM or SIGINT (Ctrl-C elsewhere than Unix), and says
/// which. When the signals cannot be listened for, it never resolves (the process then stops
/// only when killed) and says so on stderr.
pub async fn signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) {
            (Ok(mut term), Ok(mut int)) => tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = int.recv() => "SIGINT",
            },
            (Err(e), _) | (_, Err(e)) => {
                eprintln!(
                    "catalog: SIGTERM and SIGINT cannot be listened for ({e}); no graceful stop"
                );
                std::future::pending().await
            }
        }
    }
    #[cfg(not(unix))]
    {
        match tokio::signal::ctrl_c().await {
            Ok(()) => "Ctrl-C",
            Err(e) => {
                eprintln!("catalog: Ctrl-C cannot be listened for ({e}); no graceful stop");
                std::future::pending().await
            }
        }
    }
}
