//! A real browser for the Mini App's tests: Debian's headless Chromium driven through
//! chromedriver with fantoccini (WebDriver). The browser resolves no host but the
//! loopback: the page's request for Telegram's script fails at once, as offline, and each
//! test gives the page the `Telegram.WebApp` Telegram's client would (through the Chrome
//! DevTools command chromedriver passes on) before it loads.

use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A chromedriver process and one browser session in it; the driver ends when dropped.
pub struct Browser {
    driver: Child,
    client: Client,
    /// The driver's and the browser's temporary files (their profile, their singleton
    /// socket): Chromium leaves them behind when its driver is stopped, so they go here
    /// and are removed with the browser.
    _temp: tempfile::TempDir,
}

fn which(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|n| {
        std::env::split_paths(&path)
            .map(|d| d.join(n))
            .find(|p| p.is_file())
    })
}

/// A Chrome DevTools command, through chromedriver's `goog/cdp/execute`.
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _url: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({ "cmd": self.cmd, "params": self.params }).to_string();
        (http::Method::POST, Some(body))
    }
}

impl Browser {
    /// Start chromedriver and a headless Chromium with a phone-sized window.
    pub async fn start() -> Browser {
        let driver = which(&["chromedriver"]).expect(
            "chromedriver is installed (Debian: apt-get install chromium chromium-driver; .ci/run does it)",
        );
        let chromium = which(&["chromium", "chromium-browser", "google-chrome"])
            .expect("Chromium is installed");
        let port = super::webapp::free_port();
        let temp = tempfile::tempdir().expect("a temporary folder for the browser");
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .env("TMPDIR", temp.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium.to_string_lossy(),
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--window-size=430,900", "--lang=en-US",
                    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                ],
            },
        });
        let caps = match caps {
            Value::Object(m) => m,
            _ => unreachable!("an object"),
        };
        let url = format!("http://127.0.0.1:{port}");
        // The driver takes a moment to listen.
        let mut last = None;
        for _ in 0..100 {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(caps.clone())
                .connect(&url)
                .await
            {
                Ok(client) => {
                    return Browser {
                        driver: child,
                        client,
                        _temp: temp,
                    };
                }
                Err(e) => last = Some(e),
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no browser session through chromedriver: {last:?}");
    }

    /// A Chrome DevTools command.
    pub async fn cdp(&self, cmd: &'static str, params: Value) -> Value {
        self.client
            .issue_cmd(Cdp { cmd, params })
            .await
            .unwrap_or_else(|e| panic!("{cmd}: {e}"))
    }

    /// Before any page loads, a `Telegram.WebApp` as Telegram's client gives it: the
    /// launch data signed for the test bot (`init_data`), the start parameter, and the
    /// methods the page calls, each recorded in `Telegram.WebApp.calls` (a confirmation
    /// is answered yes).
    pub async fn as_telegram(&self, init_data: &str, start: Option<&str>) {
        let script = format!(
            r#"window.Telegram = {{ WebApp: {{
  initData: {init}, initDataUnsafe: {{ start_param: {start} }},
  version: '8.0', platform: 'tdesktop', colorScheme: 'light', themeParams: {{}},
  calls: [],
  ready() {{ this.calls.push('ready'); }},
  expand() {{ this.calls.push('expand'); }},
  disableVerticalSwipes() {{ this.calls.push('disableVerticalSwipes'); }},
  showConfirm(text, done) {{ this.calls.push('confirm'); done(true); }},
  HapticFeedback: {{ impactOccurred(style) {{ window.Telegram.WebApp.calls.push('haptic:' + style); }} }},
  BackButton: {{ show() {{}}, hide() {{}}, onClick() {{}} }},
}} }};"#,
            init = Value::from(init_data),
            start = start.map_or(Value::Null, Value::from),
        );
        self.cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": script }),
        )
        .await;
    }

    /// Open `url`.
    pub async fn open(&self, url: &str) {
        self.client.goto(url).await.expect("the page opens");
    }

    /// Run `script` in the page and return its value.
    pub async fn eval(&self, script: &str) -> Value {
        self.client
            .execute(script, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("{script}: {e}"))
    }

    /// Wait until `script` returns true (up to 20 s), else fail with `what`; how long it
    /// took comes back.
    pub async fn wait(&self, what: &str, script: &str) -> Duration {
        self.wait_up_to(Duration::from_secs(20), what, script).await
    }

    /// [`Browser::wait`] up to `limit`.
    pub async fn wait_up_to(&self, limit: Duration, what: &str, script: &str) -> Duration {
        let start = std::time::Instant::now();
        while start.elapsed() < limit {
            if self.eval(script).await == Value::Bool(true) {
                return start.elapsed();
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let status = self
            .eval("return document.querySelector('[data-status]')?.textContent")
            .await;
        panic!("the page never showed {what} (status: {status})");
    }

    /// Click the element `css` names, as a person's tap.
    pub async fn click(&self, css: &str) {
        let e = self
            .client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"));
        e.click()
            .await
            .unwrap_or_else(|e| panic!("click {css}: {e}"));
    }

    /// Drag from the element `from` to the element `to` with the mouse, as a person
    /// drags a piece: press, move there in small steps, release.
    pub async fn drag(&self, from: &str, to: &str) {
        let a = self
            .client
            .find(Locator::Css(from))
            .await
            .unwrap_or_else(|e| panic!("{from}: {e}"));
        let b = self
            .client
            .find(Locator::Css(to))
            .await
            .unwrap_or_else(|e| panic!("{to}: {e}"));
        let moves = MouseActions::new("finger".into())
            .then(PointerAction::MoveToElement {
                element: a,
                duration: Some(Duration::ZERO),
                x: 0.0,
                y: 0.0,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Pause {
                duration: Duration::from_millis(50),
            })
            .then(PointerAction::MoveToElement {
                element: b,
                duration: Some(Duration::from_millis(300)),
                x: 0.0,
                y: 0.0,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.client
            .perform_actions(moves)
            .await
            .expect("the drag is performed");
        let _ = self.client.release_actions().await;
    }

    /// Save a screenshot of the page as `name`.png under target/webapp-screens.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.client.screenshot().await.expect("a screenshot");
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/webapp-screens");
        std::fs::create_dir_all(&dir).expect("the screenshot folder");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).expect("the screenshot is written");
        path
    }

    /// End the browser session (the browser exits), then the driver.
    pub async fn close(mut self) {
        let _ = self.client.clone().close().await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
