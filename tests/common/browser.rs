//! A real browser for the Mini App's tests: Debian's headless Chromium driven through
//! chromedriver's WebDriver protocol (plain HTTP and JSON, so no client crate). The
//! browser resolves no host but the loopback: the page's request for Telegram's script
//! fails at once, as offline, and the page reads its launch data from the URL's fragment
//! as Telegram passes it.

use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A chromedriver process and one browser session in it; both end when dropped.
pub struct Browser {
    driver: Child,
    url: String,
    session: String,
    client: reqwest::Client,
}

fn which(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|n| {
        std::env::split_paths(&path)
            .map(|d| d.join(n))
            .find(|p| p.is_file())
    })
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
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let url = format!("http://127.0.0.1:{port}");
        let client = reqwest::Client::new();
        // Wait for the driver to listen.
        let mut ready = false;
        for _ in 0..100 {
            if client.get(format!("{url}/status")).send().await.is_ok() {
                ready = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(ready, "chromedriver answers");
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium.to_string_lossy(),
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--window-size=430,900", "--lang=en-US",
                    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                ],
            },
        }}});
        let mut b = Browser {
            driver: child,
            url,
            session: String::new(),
            client,
        };
        let v = b.call("POST", "/session", Some(caps)).await;
        b.session = v["sessionId"]
            .as_str()
            .expect("a browser session")
            .to_string();
        b
    }

    async fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{path}", self.url);
        let req = match method {
            "POST" => self
                .client
                .post(&url)
                .header("Content-Type", "application/json")
                .body(body.unwrap_or(json!({})).to_string()),
            "DELETE" => self.client.delete(&url),
            _ => self.client.get(&url),
        };
        let r = req.send().await.expect("chromedriver answers");
        let bytes = r.bytes().await.expect("an answer from chromedriver");
        let v: Value = serde_json::from_slice(&bytes).expect("JSON from chromedriver");
        if v["value"]["error"].is_string() {
            panic!("WebDriver {method} {path}: {}", v["value"]);
        }
        v["value"].clone()
    }

    /// End the browser session (the browser exits), then the driver.
    pub async fn close(mut self) {
        let _ = self.call("DELETE", &self.at(""), None).await;
        let _ = self.driver.kill();
    }

    fn at(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    /// A Chrome DevTools command through the driver.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.call(
            "POST",
            &self.at("/goog/cdp/execute"),
            Some(json!({ "cmd": cmd, "params": params })),
        )
        .await
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
        self.call("POST", &self.at("/url"), Some(json!({ "url": url })))
            .await;
    }

    /// Run `script` in the page and return its value.
    pub async fn eval(&self, script: &str) -> Value {
        self.call(
            "POST",
            &self.at("/execute/sync"),
            Some(json!({ "script": script, "args": [] })),
        )
        .await
    }

    /// Wait until `script` returns true (up to 20 s), else fail with `what`; how long it
    /// took comes back.
    pub async fn wait(&self, what: &str, script: &str) -> Duration {
        let start = std::time::Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
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
            .call(
                "POST",
                &self.at("/element"),
                Some(json!({ "using": "css selector", "value": css })),
            )
            .await;
        let id = e[ELEMENT].as_str().expect("the element").to_string();
        self.call("POST", &self.at(&format!("/element/{id}/click")), None)
            .await;
    }

    async fn element(&self, css: &str) -> String {
        let e = self
            .call(
                "POST",
                &self.at("/element"),
                Some(json!({ "using": "css selector", "value": css })),
            )
            .await;
        e[ELEMENT].as_str().expect("the element").to_string()
    }

    /// Drag from the element `from` to the element `to` with the mouse, as a person
    /// drags a piece: press, move there in small steps, release.
    pub async fn drag(&self, from: &str, to: &str) {
        let (a, b) = (self.element(from).await, self.element(to).await);
        let actions = json!({ "actions": [{
            "type": "pointer", "id": "finger", "parameters": { "pointerType": "mouse" },
            "actions": [
                { "type": "pointerMove", "duration": 0, "origin": { ELEMENT: a }, "x": 0, "y": 0 },
                { "type": "pointerDown", "button": 0 },
                { "type": "pause", "duration": 50 },
                { "type": "pointerMove", "duration": 300, "origin": { ELEMENT: b }, "x": 0, "y": 0 },
                { "type": "pointerUp", "button": 0 },
            ],
        }]});
        self.call("POST", &self.at("/actions"), Some(actions)).await;
        let _ = self.call("DELETE", &self.at("/actions"), None).await;
    }

    /// Save a screenshot of the page as `name`.png under target/webapp-screens.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        use base64::Engine;
        let v = self.call("GET", &self.at("/screenshot"), None).await;
        let png = base64::engine::general_purpose::STANDARD
            .decode(v.as_str().expect("a screenshot"))
            .expect("base64");
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/webapp-screens");
        std::fs::create_dir_all(&dir).expect("the screenshot folder");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).expect("the screenshot is written");
        path
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
