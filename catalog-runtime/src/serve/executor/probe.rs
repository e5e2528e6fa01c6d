//! The readiness probe: whether the API answers at all.

use super::{Executor, client};
use http::StatusCode;
use std::time::Duration;

impl Executor {
    /// Sends `HEAD` to the base URL, without credentials, and waits at most `timeout` for the
    /// answer's head: any status is an answer (`Ok` with it); no answer is `Err` with why
    /// (`no answer within 1 s`, `client error (Connect): tcp connect error: Connection refused
    /// (os error 111)`). The reason leaves out the URL, so it can be shown to unauthenticated
    /// health checks.
    pub async fn probe(&self, timeout: Duration) -> Result<StatusCode, String> {
        let url = format!("{}/", self.base);
        let request = http::Request::head(url.as_str())
            .body(client::Body::default())
            .map_err(|e| format!("the base URL cannot be requested: {e}"))?;
        match tokio::time::timeout(timeout, self.client.send(request)).await {
            Ok(Ok(response)) => Ok(response.status()),
            Ok(Err(e)) => Err(causes(&e)),
            Err(_) => Err(format!("no answer within {} s", timeout.as_secs_f64())),
        }
    }
}

/// An error and each of its causes, `: `-separated.
fn causes(error: &dyn std::error::Error) -> String {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(s) = source {
        message.push_str(": ");
        message.push_str(&s.to_string());
        source = s.source();
    }
    message
}
