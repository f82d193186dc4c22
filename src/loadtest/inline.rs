//! `ugolki loadtest --inline`: games played through inline mode, measured as players feel
//! them. Pairs of people each post a challenge with `@bot` in their private chat, the
//! friend accepts, and both play in that inline message by taps at a human pace: a piece,
//! then a destination, both from the board's keyboard. Measured: a tap delivered to the
//! bot → its `answerCallbackQuery`, and a destination tap delivered → the inline message
//! edited with the move, with the bot paced as in production against a fake Bot API that
//! refuses (429) what Telegram would.

use super::process::{self, BotProcess, BotSpec};
use super::{LoadError, Percentiles, in_scratch};
use crate::ai::rng::Rng;
use crate::fakeapi::{Call, Event, FakeApi, RateLimited, TelegramLimits, TgUser, keyboard_buttons};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One inline load run.
#[derive(Clone, Debug)]
pub struct InlineConfig {
    /// The `ugolki` executable to run as the bot.
    pub bot_exe: PathBuf,
    /// Games played at once, each in its own inline message.
    pub games: usize,
    /// Moves offered per second over all games.
    pub rate: f64,
    /// New games posted per second while setting up (each costs the bot one board edit).
    pub setup_rate: f64,
    /// Play before measuring.
    pub warmup: Duration,
    /// The measured play.
    pub duration: Duration,
    /// Board picture size (`--board-px`).
    pub board_px: u32,
    /// Seed of the players' choices.
    pub seed: u64,
    /// Production pacing against the strict fake; off, `--no-pacing` (raw throughput).
    pub pacing: bool,
    /// The bot's log filter.
    pub log_level: String,
    /// Keep the data directory and the bot's log.
    pub keep_data: bool,
}

/// What an inline load run measured.
#[derive(Clone, Debug, Default)]
pub struct InlineReport {
    /// Games played at once.
    pub games: usize,
    /// Games whose board appeared (rematches included).
    pub started: u64,
    /// Games that ended.
    pub finished: u64,
    /// Moves shown while measuring.
    pub moves: u64,
    /// Seconds measured.
    pub measured_secs: f64,
    /// A tap delivered → its answer.
    pub answer: Percentiles,
    /// A destination tap delivered → the inline message showing the move.
    pub shown: Percentiles,
    /// Calls the fake refused for passing a limit.
    pub rate_limited: RateLimited,
    /// Problems by kind, with the first few messages.
    pub errors: BTreeMap<String, u64>,
    /// The first problem messages.
    pub samples: Vec<String>,
    /// The bot's CPU seconds while measuring.
    pub bot_cpu_secs: Option<f64>,
    /// The bot's peak resident memory, KiB.
    pub peak_rss_kib: u64,
    /// Production pacing was on.
    pub pacing: bool,
    /// How the bot exited.
    pub bot_exit: String,
    /// Panics in the bot's log.
    pub panics: usize,
    /// The data directory, when kept.
    pub kept: Option<PathBuf>,
}

impl InlineReport {
    /// No errors, no panics, no 429s, and moves were played.
    pub fn clean(&self) -> bool {
        self.errors.is_empty()
            && self.panics == 0
            && self.rate_limited.total() == 0
            && self.moves > 0
    }

    /// The report as text.
    pub fn render(&self) -> String {
        let mut s = String::new();
        let pacing = if self.pacing {
            "production pacing, strict fake Bot API"
        } else {
            "--no-pacing (raw throughput only)"
        };
        s.push_str(&format!(
            "inline games: {} at once ({pacing})\n",
            self.games
        ));
        s.push_str(&format!(
            "games started {}, finished {}; moves shown while measuring {} in {:.1} s ({:.1}/s)\n",
            self.started,
            self.finished,
            self.moves,
            self.measured_secs,
            self.moves as f64 / self.measured_secs.max(1e-9)
        ));
        s.push_str(&format!("tap → answer: {}\n", self.answer));
        s.push_str(&format!("move tap → inline board edited: {}\n", self.shown));
        if let Some(cpu) = self.bot_cpu_secs {
            s.push_str(&format!(
                "bot CPU {:.2} s ({:.2} ms a move); peak RSS {:.1} MB\n",
                cpu,
                cpu * 1000.0 / self.moves.max(1) as f64,
                self.peak_rss_kib as f64 / 1024.0
            ));
        }
        s.push_str(&format!(
            "429s: {} (chat {}, group {}, overall {})\n",
            self.rate_limited.total(),
            self.rate_limited.chat,
            self.rate_limited.group,
            self.rate_limited.overall
        ));
        s.push_str(&format!(
            "bot exit: {}; panics: {}\n",
            self.bot_exit, self.panics
        ));
        for (k, n) in &self.errors {
            s.push_str(&format!("error {k}: {n}\n"));
        }
        for e in &self.samples {
            s.push_str(&format!("  {e}\n"));
        }
        if let Some(d) = &self.kept {
            s.push_str(&format!("data kept in {}\n", d.display()));
        }
        s
    }
}

/// Where one pair's game stands.
#[derive(Clone, Debug, PartialEq)]
enum Step {
    /// Waiting to post a challenge (the set-up spreads them).
    Queued,
    /// The inline query is out.
    Querying(String),
    /// Accept tapped; waiting for the board.
    Accepting,
    /// Waiting to move until then.
    Idle(Instant),
    /// A piece tapped (the callback id); waiting for its answer and the selection.
    Selecting { callback: String, square: String },
    /// A destination tapped (its update); waiting for the move on the board.
    Moving(i64),
}

/// One pair of people and their game.
struct Pair {
    a: TgUser,
    b: TgUser,
    message: Option<String>,
    step: Step,
    since: Instant,
    /// Squares tapped this turn that had no move.
    tried: Vec<String>,
}

/// A tap followed to its answer.
struct Tracked {
    update: i64,
    delivered: Option<Instant>,
    pair: usize,
}

/// The driver of an inline run.
struct Driver<'a> {
    api: &'a FakeApi,
    cfg: InlineConfig,
    pairs: Vec<Pair>,
    rng: Rng,
    /// Callback id → the tap.
    taps: HashMap<String, Tracked>,
    /// Update id → when the bot got it.
    delivered: HashMap<i64, Instant>,
    /// Inline query id → pair.
    queries: HashMap<String, usize>,
    /// Inline message id → pair.
    by_message: HashMap<String, usize>,
    measuring: bool,
    answer_us: Vec<u64>,
    shown_us: Vec<u64>,
    report: InlineReport,
    pid: u32,
}

/// How long a step may wait for the bot before it counts as lost.
const STEP_TIMEOUT: Duration = Duration::from_secs(15);

impl Driver<'_> {
    fn error(&mut self, kind: &str, detail: String) {
        *self.report.errors.entry(kind.to_string()).or_default() += 1;
        if self.report.samples.len() < 8 {
            self.report.samples.push(format!("{kind}: {detail}"));
        }
    }

    /// The gap between one pair's moves for the offered rate.
    fn gap(&mut self) -> Duration {
        let mean = self.pairs.len() as f64 / self.cfg.rate.max(0.01);
        Duration::from_secs_f64(mean * (0.5 + self.rng.below(1000) as f64 / 1000.0))
    }

    fn set(&mut self, p: usize, step: Step) {
        self.pairs[p].step = step;
        self.pairs[p].since = Instant::now();
    }

    /// Post pair `p`'s challenge: the inline query (its answer is followed in `on_call`).
    fn post(&mut self, p: usize) {
        let a = self.pairs[p].a.clone();
        let qid = self.api.inline_query(&a, "classic untimed", "private");
        self.queries.insert(qid.clone(), p);
        self.set(p, Step::Querying(qid));
    }

    fn tap(&mut self, p: usize, who: &TgUser, data: &str) -> String {
        let Some(message) = self.pairs[p].message.clone() else {
            return String::new();
        };
        let pushed = self.api.push_tap_inline(who, &message, data);
        let callback = pushed.callback_id.clone().unwrap_or_default();
        self.taps.insert(
            callback.clone(),
            Tracked {
                update: pushed.update_id,
                delivered: None,
                pair: p,
            },
        );
        callback
    }

    /// The text and buttons of pair `p`'s inline message now.
    fn board(&self, p: usize) -> Option<(String, Vec<(String, String)>)> {
        let m = self.api.inline_message(self.pairs[p].message.as_ref()?)?;
        let text = m
            .json
            .get("text")
            .or_else(|| m.json.get("caption"))
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        Some((text, keyboard_buttons(m.json.get("reply_markup"))))
    }

    /// Whose move it is on pair `p`'s board, and whether they play White.
    fn mover(&self, p: usize, text: &str) -> Option<(TgUser, bool)> {
        let first_id = |s: &str| -> Option<i64> {
            let i = s.find("id=")? + 3;
            let digits: String = s[i..].chars().take_while(|c| c.is_ascii_digit()).collect();
            digits.parse().ok()
        };
        let white = first_id(text)?;
        let to_move = first_id(&text[text.find("to move:")?..])?;
        let pair = &self.pairs[p];
        let who = [&pair.a, &pair.b].into_iter().find(|u| u.id == to_move)?;
        Some((who.clone(), to_move == white))
    }

    /// Pair `p` moves: taps one of its pieces not tried yet this turn.
    fn select(&mut self, p: usize) {
        let Some((text, buttons)) = self.board(p) else {
            return;
        };
        let Some((who, white)) = self.mover(p, &text) else {
            self.error("board", format!("no player to move in {text:?}"));
            self.set(p, Step::Idle(Instant::now() + Duration::from_secs(1)));
            return;
        };
        let mine = if white { "⚪" } else { "⚫" };
        let tried = self.pairs[p].tried.clone();
        let pieces: Vec<String> = buttons
            .into_iter()
            .filter(|(l, d)| l == mine && d.starts_with("t:") && !tried.contains(d))
            .map(|(_, d)| d)
            .collect();
        if pieces.is_empty() {
            self.error("board", "no piece left to try".into());
            self.pairs[p].tried.clear();
            self.set(p, Step::Idle(Instant::now() + Duration::from_secs(1)));
            return;
        }
        let square = pieces[self.rng.below(pieces.len() as u64) as usize].clone();
        let callback = self.tap(p, &who, &square);
        self.set(p, Step::Selecting { callback, square });
    }

    /// A destination tapped on the selection now shown.
    fn play(&mut self, p: usize) {
        let Some((text, buttons)) = self.board(p) else {
            return;
        };
        let targets: Vec<String> = buttons
            .into_iter()
            .filter(|(_, d)| d.starts_with("m:"))
            .map(|(_, d)| d)
            .collect();
        let Some((who, _)) = self.mover(p, &text) else {
            return;
        };
        if targets.is_empty() {
            return;
        }
        let go = targets[self.rng.below(targets.len() as u64) as usize].clone();
        let callback = self.tap(p, &who, &go);
        let update = self.taps.get(&callback).map_or(0, |t| t.update);
        self.set(p, Step::Moving(update));
    }

    fn on_event(&mut self, ev: Event) {
        match ev {
            Event::Delivered { first, last, at } => {
                for id in first..=last {
                    self.delivered.insert(id, at);
                }
                for t in self.taps.values_mut() {
                    if t.delivered.is_none() && (first..=last).contains(&t.update) {
                        t.delivered = Some(at);
                    }
                }
            }
            Event::Call(c) => self.on_call(c),
        }
    }

    fn on_call(&mut self, c: Arc<Call>) {
        if c.is("AnswerInlineQuery") {
            let Some(p) = c
                .str("inline_query_id")
                .and_then(|q| self.queries.remove(q))
            else {
                return;
            };
            self.on_results(p, c.str("inline_query_id").unwrap_or("").to_string());
        } else if c.is("AnswerCallbackQuery") {
            self.on_answer(&c);
        } else if let Some(m) = c.str("inline_message_id")
            && c.response.is_ok()
            && let Some(&p) = self.by_message.get(m)
        {
            self.on_edit(p, &c);
        }
    }

    /// The bot offered the games: post the first, and the friend accepts it.
    fn on_results(&mut self, p: usize, qid: String) {
        let first = self
            .api
            .inline_answer(&qid)
            .and_then(|a| a["results"][0]["id"].as_str().map(str::to_string));
        let Some(message) = first.and_then(|r| self.api.choose_inline_result(&qid, &r)) else {
            self.error("setup", "no inline result to post".into());
            self.set(p, Step::Queued);
            return;
        };
        self.by_message.insert(message.clone(), p);
        self.pairs[p].message = Some(message);
        let accept = self
            .board(p)
            .and_then(|(_, b)| b.into_iter().find(|(_, d)| d.starts_with("c:")))
            .map(|(_, d)| d);
        let Some(accept) = accept else {
            self.error("setup", "no Accept button".into());
            return;
        };
        let b = self.pairs[p].b.clone();
        self.tap(p, &b, &accept);
        self.set(p, Step::Accepting);
    }

    fn on_answer(&mut self, c: &Call) {
        let Some(t) = c
            .str("callback_query_id")
            .and_then(|id| self.taps.remove(id))
        else {
            return;
        };
        let delivered = t
            .delivered
            .or_else(|| self.delivered.get(&t.update).copied());
        if self.measuring
            && let Some(d) = delivered
        {
            self.answer_us
                .push(c.at.saturating_duration_since(d).as_micros() as u64);
        }
        let alert = c.params["show_alert"] == Value::Bool(true);
        let p = t.pair;
        if alert {
            let why = c.str("text").unwrap_or("").to_string();
            self.error("alert", why);
            self.set(p, Step::Idle(Instant::now() + Duration::from_secs(1)));
            return;
        }
        // A toast on a selection: that piece cannot move; try another.
        if let Step::Selecting { callback, square } = &self.pairs[p].step
            && callback == c.str("callback_query_id").unwrap_or("")
            && c.str("text").is_some()
        {
            let square = square.clone();
            self.pairs[p].tried.push(square);
            self.select(p);
        }
    }

    fn on_edit(&mut self, p: usize, c: &Call) {
        let text = c.text().unwrap_or_default();
        match self.pairs[p].step.clone() {
            Step::Accepting if text.contains("move 1") => {
                self.report.started += 1;
                let gap = self.gap();
                self.set(p, Step::Idle(Instant::now() + gap));
            }
            Step::Selecting { .. } if c.buttons().iter().any(|(_, d)| d.starts_with("m:")) => {
                self.play(p)
            }
            Step::Moving(update) if c.is("EditMessageText") || c.is("EditMessageMedia") => {
                if self.measuring
                    && let Some(d) = self.delivered.get(&update)
                {
                    self.shown_us
                        .push(c.at.saturating_duration_since(*d).as_micros() as u64);
                    self.report.moves += 1;
                }
                self.delivered.remove(&update);
                self.pairs[p].tried.clear();
                if c.buttons().iter().any(|(_, d)| d.starts_with("x:")) {
                    self.report.finished += 1;
                    self.post(p);
                } else {
                    let gap = self.gap();
                    self.set(p, Step::Idle(Instant::now() + gap));
                }
            }
            _ => {}
        }
    }

    /// Start what is due, and count steps the bot left unanswered.
    fn tick(&mut self, setup_due: &mut f64, started_at: Instant) {
        let now = Instant::now();
        let allowed = (now.duration_since(started_at).as_secs_f64() * self.cfg.setup_rate).ceil();
        for p in 0..self.pairs.len() {
            match self.pairs[p].step.clone() {
                Step::Queued if *setup_due < allowed => {
                    *setup_due += 1.0;
                    self.post(p);
                }
                Step::Idle(at) if at <= now => self.select(p),
                Step::Queued | Step::Idle(_) => {}
                _ if now.duration_since(self.pairs[p].since) > STEP_TIMEOUT => {
                    let step = format!("{:?}", self.pairs[p].step);
                    self.error("timeout", step);
                    if self.pairs[p].message.is_some() {
                        self.set(p, Step::Idle(now));
                    } else {
                        self.set(p, Step::Queued);
                    }
                }
                _ => {}
            }
        }
        if let Some(m) = process::memory_of(self.pid) {
            self.report.peak_rss_kib = self.report.peak_rss_kib.max(m.hwm_kib);
        }
    }

    /// Run until `end`, answering events and ticking every 10 ms.
    async fn run_until(
        &mut self,
        rx: &mut tokio::sync::mpsc::UnboundedReceiver<Event>,
        end: Instant,
        setup_due: &mut f64,
        started_at: Instant,
    ) {
        let mut tick = tokio::time::interval(Duration::from_millis(10));
        while Instant::now() < end {
            tokio::select! {
                ev = rx.recv() => match ev {
                    Some(ev) => self.on_event(ev),
                    None => return,
                },
                _ = tick.tick() => self.tick(setup_due, started_at),
            }
        }
    }
}

/// Run an inline load test against a fresh bot.
pub async fn run(cfg: InlineConfig) -> Result<InlineReport, LoadError> {
    let keep = cfg.keep_data;
    let (mut report, kept) = in_scratch(
        "inline",
        keep,
        |dir| async move { run_in(&cfg, &dir).await },
    )
    .await?;
    report.kept = kept;
    Ok(report)
}

async fn run_in(cfg: &InlineConfig, dir: &std::path::Path) -> Result<InlineReport, LoadError> {
    let api = FakeApi::start()
        .await
        .map_err(|e| LoadError::Io(format!("fake Bot API: {e}")))?;
    api.set_keep_history(false);
    if cfg.pacing {
        api.set_limits(Some(TelegramLimits::default()));
    }
    let mut rx = api.subscribe();
    let spec = BotSpec {
        board_px: cfg.board_px,
        log_level: cfg.log_level.clone(),
        pacing: cfg.pacing,
        ..BotSpec::new(&cfg.bot_exe, dir, api.url())
    };
    let bot = BotProcess::spawn(&spec)?;
    let mut d = Driver {
        api: &api,
        cfg: cfg.clone(),
        pairs: (0..cfg.games)
            .map(|i| {
                let id = 700_000 + 2 * i as i64;
                Pair {
                    a: TgUser::new(id, &format!("A{i}"), "en"),
                    b: TgUser::new(id + 1, &format!("B{i}"), "en"),
                    message: None,
                    step: Step::Queued,
                    since: Instant::now(),
                    tried: Vec::new(),
                }
            })
            .collect(),
        rng: Rng::new(cfg.seed),
        taps: HashMap::new(),
        delivered: HashMap::new(),
        queries: HashMap::new(),
        by_message: HashMap::new(),
        measuring: false,
        answer_us: Vec::new(),
        shown_us: Vec::new(),
        report: InlineReport {
            games: cfg.games,
            pacing: cfg.pacing,
            ..InlineReport::default()
        },
        pid: bot.pid(),
    };
    // Started once it has registered its commands.
    let ready = Instant::now() + Duration::from_secs(60);
    loop {
        match tokio::time::timeout_at(ready.into(), rx.recv()).await {
            Ok(Some(Event::Call(c))) if c.is("SetMyCommands") => break,
            Ok(Some(_)) => {}
            _ => {
                return Err(LoadError::Bot(format!(
                    "the bot did not start; see {}",
                    spec.log_file.display()
                )));
            }
        }
    }
    let started_at = Instant::now();
    let mut setup_due = 0.0;
    let setup = Duration::from_secs_f64(cfg.games as f64 / cfg.setup_rate.max(0.1));
    d.run_until(
        &mut rx,
        started_at + setup + cfg.warmup,
        &mut setup_due,
        started_at,
    )
    .await;
    d.measuring = true;
    let cpu0 = process::cpu_of(bot.pid());
    let m0 = Instant::now();
    d.run_until(&mut rx, m0 + cfg.duration, &mut setup_due, started_at)
        .await;
    d.report.measured_secs = m0.elapsed().as_secs_f64();
    d.measuring = false;
    d.report.bot_cpu_secs = cpu0
        .zip(process::cpu_of(bot.pid()))
        .map(|(a, b)| b.saturating_sub(a).as_secs_f64());
    // Let what is in flight land before judging.
    d.run_until(
        &mut rx,
        Instant::now() + Duration::from_secs(3),
        &mut setup_due,
        started_at,
    )
    .await;
    d.report.answer = Percentiles::of_micros(&d.answer_us);
    d.report.shown = Percentiles::of_micros(&d.shown_us);
    d.report.rate_limited = api.rate_limited_by();
    let mut report = std::mem::take(&mut d.report);
    report.bot_exit = match bot.terminate(Duration::from_secs(30)).await {
        Ok(s) => s.to_string(),
        Err(e) => e.to_string(),
    };
    report.panics = process::panics_in_log(&spec.log_file);
    Ok(report)
}
