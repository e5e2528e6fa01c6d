//! The readiness probe: whether the API answers at all.

use super::{Executor, ProbeError, client};
use http::StatusCode;
use std::time::Duration;

impl Executor {
    /// Sends `HEAD` to the base URL, without credentials, and waits at most `timeout` for the
    /// answer's head: any status is an answer (`Ok` with it); no answer is `Err` with why
    /// (`no answer within 1 s`, `client error (Connect): tcp connect error: Connection refused
    /// (os error 111)`). The reason leaves out the URL, so it can be shown to unauthenticated
    /// health checks.
    pub async fn probe(&self, timeout: Duration) -> Result<StatusCode, ProbeError> {
        let url = format!("{}/", self.base);
        let request = http::Request::head(url.as_str())
            .body(client::Body::default())
            .map_err(|e| ProbeError::Unrequestable(e.to_string()))?;
        match tokio::time::timeout(timeout, self.client.send(request)).await {
            Ok(Ok(response)) => Ok(response.status()),
            Ok(Err(e)) => Err(ProbeError::Failed(causes(&e))),
            Err(_) => Err(ProbeError::Timeout(timeout)),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_probe_error_says_why_without_the_url() {
        for (error, message) in [
            (
                ProbeError::Unrequestable("invalid uri character".to_string()),
                "the base URL cannot be requested: invalid uri character",
            ),
            (
                ProbeError::Failed("client error (Connect): tcp connect error".to_string()),
                "client error (Connect): tcp connect error",
            ),
            (
                ProbeError::Timeout(Duration::from_millis(1500)),
                "no answer within 1.5 s",
            ),
        ] {
            assert_eq!(error.to_string(), message, "{error:?}");
        }
    }

    #[tokio::test]
    async fn a_closed_port_is_a_failed_probe() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        drop(listener);
        let executor = Executor::new(super::super::ExecutorConfig::new(url)).unwrap();
        let e = executor.probe(Duration::from_secs(5)).await.unwrap_err();
        assert!(matches!(&e, ProbeError::Failed(_)), "{e:?}");
        assert!(e.to_string().contains("tcp connect error"), "{e}");
    }
}
