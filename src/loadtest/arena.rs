//! An arena tournament in the load: one group of simulated people, its admin opening
//! `/tournament arena`, everyone tapping Join and the admin Start, then each person playing
//! their games where the bot starts them (a field too large for the group plays in the
//! players' private chats, the board in White's and its mirror in Black's) until the arena's
//! time is up and the group is told its winner.
//!
//! Each person keeps their own copy of their game (the engine) from the board's captions,
//! as the main driver does, and moves by taps (a piece, then its destination) or by a
//! typed move. It measures what a player meets: every tap's answer, a move delivered → the
//! mover's board showing it, and a game's end → the next game's board (the arena's
//! promise: paired again as soon as the game ends); and what must never happen: a person
//! given a second board while their game is on, a move shown that was not sent, an alert.

use super::process::{self, BotProcess, BotSpec, Memory, memory_of};
use super::sim::{caption_move, choose_move};
use super::{LoadError, Percentiles, in_scratch, load_avg, mentioned_ids};
use crate::ai::rng::Rng;
use crate::bot::callback::{Callback, TournamentAct};
use crate::engine::{Color, Game, Path, Square, Variant, VariantId};
use crate::fakeapi::{Call, Event, FakeApi, TelegramLimits, TgChat, TgUser};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedReceiver;

/// One arena run.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// The `ugolki` executable to run as the bot.
    pub bot_exe: PathBuf,
    /// People in the arena.
    pub players: usize,
    /// Its length in minutes (`/tournament arena N`).
    pub minutes: u32,
    /// Its games' clock, as `/tournament` takes it (`5+3`).
    pub clock: String,
    /// How long a person looks at the board before moving, on average (half to one and a
    /// half times this).
    pub think: Duration,
    /// Share of moves made by taps (the rest typed in the private chat).
    pub tap_share: f64,
    /// Joins tapped a second.
    pub join_rate: f64,
    /// Seed of every random choice.
    pub seed: u64,
    /// Board picture size (`--board-px`).
    pub board_px: u32,
    /// The bot's log filter.
    pub log_level: String,
    /// Keep the data directory and the bot's log.
    pub keep_data: bool,
}

/// What an arena run measured.
#[derive(Clone, Debug, Default)]
pub struct ArenaReport {
    /// People in the arena.
    pub players: usize,
    /// Its length in minutes.
    pub minutes: u32,
    /// Its clock.
    pub clock: String,
    /// From the first Join to every Join answered.
    pub join_secs: f64,
    /// From Start to the arena's end told in the group.
    pub played_secs: f64,
    /// Whether the group was told the winner.
    pub ended: bool,
    /// A tap delivered → its answer (Join, Start and the boards').
    pub answer: Percentiles,
    /// A person's move delivered → their board showing it.
    pub shown: Percentiles,
    /// A game's end shown to a person → their next board posted.
    pub repaired: Percentiles,
    /// Games started and finished (counted once each, at White's board).
    pub games_started: u64,
    /// See `games_started`.
    pub games_finished: u64,
    /// Moves the people made and saw shown.
    pub moves: u64,
    /// Calls the fake refused with 429 for passing one of Telegram's limits.
    pub rate_limited: crate::fakeapi::RateLimited,
    /// Peak `VmRSS`, sampled every second (KiB).
    pub peak_rss_kib: u64,
    /// Memory at the end.
    pub end_memory: Memory,
    /// CPU time the bot used from Start to the end.
    pub bot_cpu_secs: Option<f64>,
    /// Errors by kind.
    pub errors: BTreeMap<String, u64>,
    /// The first error messages (up to 12).
    pub samples: Vec<String>,
    /// How the bot stopped on SIGTERM.
    pub bot_exit: String,
    /// Panics in the bot's log.
    pub panics: usize,
    /// `/proc/loadavg` at the start and the end.
    pub load_avg: (String, String),
    /// The data directory when kept.
    pub kept: Option<PathBuf>,
}

impl ArenaReport {
    /// Every error.
    pub fn error_count(&self) -> u64 {
        self.errors.values().sum()
    }

    /// Whether nothing went wrong (figures aside).
    pub fn clean(&self) -> bool {
        self.ended
            && self.games_finished > 0
            && self.error_count() == 0
            && self.panics == 0
            && self.bot_exit == "exit status: 0"
    }

    /// The report as text, one figure a line.
    pub fn render(&self) -> String {
        let mb = |k: u64| k as f64 / 1024.0;
        let mut out = vec![
            format!(
                "arena: {} people, {} minutes, clock {}; pacing: production limits, against a fake Bot API that answers 429 past Telegram's",
                self.players, self.minutes, self.clock
            ),
            format!(
                "entries: every Join answered {:.1} s after the first; started to the end told: {:.1} s{}",
                self.join_secs,
                self.played_secs,
                if self.ended {
                    ""
                } else {
                    " (the end was NOT told)"
                }
            ),
            format!(
                "games: {} started, {} finished; {} moves made and shown = {:.1} moves/s",
                self.games_started,
                self.games_finished,
                self.moves,
                self.moves as f64 / self.played_secs.max(1e-9)
            ),
            format!("tap delivered -> its answer: {}", self.answer),
            format!(
                "move delivered -> the mover's board showing it: {}",
                self.shown
            ),
            format!(
                "a game's end shown -> the player's next board: {}",
                self.repaired
            ),
            format!(
                "429 answers for passing Telegram's limits: {} (a chat's {}, a group's minute {}, the overall second {})",
                self.rate_limited.total(),
                self.rate_limited.chat,
                self.rate_limited.group,
                self.rate_limited.overall
            ),
            format!(
                "bot memory: peak VmRSS {:.1} MB (sampled), VmRSS at the end {:.1} MB, VmHWM {:.1} MB",
                mb(self.peak_rss_kib),
                mb(self.end_memory.rss_kib),
                mb(self.end_memory.hwm_kib)
            ),
            match self.bot_cpu_secs {
                Some(b) => format!(
                    "bot CPU from Start to the end: {b:.1} s = {:.2} ms per move, {:.1}% of one core",
                    1000.0 * b / self.moves.max(1) as f64,
                    100.0 * b / self.played_secs.max(1e-9)
                ),
                None => "bot CPU: not measured".into(),
            },
            format!(
                "errors: {}{}",
                self.error_count(),
                if self.errors.is_empty() {
                    String::new()
                } else {
                    format!(
                        " ({})",
                        self.errors
                            .iter()
                            .map(|(k, v)| format!("{k}: {v}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }
            ),
        ];
        out.extend(self.samples.iter().map(|s| format!("  {s}")));
        out.push(format!(
            "bot: {} on SIGTERM, {} panics in its log",
            self.bot_exit, self.panics
        ));
        out.push(format!(
            "load average: {} at the start, {} at the end",
            self.load_avg.0, self.load_avg.1
        ));
        if let Some(d) = &self.kept {
            out.push(format!("data kept in {}", d.display()));
        }
        out.join("\n")
    }
}

/// Where a person is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    /// No game (before the start, or between games).
    Idle,
    /// In a game, the opponent to move.
    Waiting,
    /// To move: acts at the instant.
    Thinking(Instant),
    /// A piece was tapped for this move; waiting for the board to show its destinations.
    Selecting(Path),
    /// A move was sent; waiting for the board to show it.
    Moving(Path),
}

struct Person {
    user: TgUser,
    chat: TgChat,
    /// The board the person plays on: (chat, message).
    board: Option<(i64, i64)>,
    game: Option<u64>,
    colour: Color,
    copy: Option<Game>,
    step: Step,
    since: Instant,
    /// The move's update and when it was delivered.
    moved: Option<(i64, Option<Instant>)>,
    /// When the last game's end was shown (for the wait for the next board).
    ended: Option<Instant>,
    /// A game whose next board came before its own board showed the end (a chat's calls
    /// are paced, not kept in order): its board, game, colour, and when the next came.
    ending: Option<Ending>,
}

/// A game still on when the next board came: its board (chat, message), its game, the
/// person's colour in it, and when the next board came.
type Ending = ((i64, i64), Option<u64>, Color, Instant);

/// A board message's buttons, read.
#[derive(Default)]
struct Buttons {
    game: Option<u64>,
    ply: Option<u32>,
    finished: bool,
    targets: Vec<(Square, Square)>,
}

fn read_buttons(buttons: &[(String, String)]) -> Buttons {
    let mut b = Buttons::default();
    for (_, d) in buttons {
        match Callback::decode(d) {
            Ok(Callback::Tap { game, ply, .. }) | Ok(Callback::Reset { game, ply }) => {
                b.game = Some(game.0);
                b.ply = Some(ply);
            }
            Ok(Callback::Move {
                game,
                ply,
                from,
                to,
                ..
            }) => {
                b.game = Some(game.0);
                b.ply = Some(ply);
                b.targets.push((from, to));
            }
            Ok(Callback::Export { game, .. }) | Ok(Callback::Rematch { game }) => {
                b.game = Some(game.0);
                b.finished = true;
            }
            _ => {}
        }
    }
    b
}

/// The group's chat id and the people's user ids: apart from every other driver's.
const GROUP: i64 = -1_300_000_000_000;
const FIRST_USER: i64 = 6_000_000;

struct Driver<'a> {
    api: &'a FakeApi,
    cfg: ArenaConfig,
    rng: Rng,
    people: Vec<Person>,
    by_user: HashMap<i64, usize>,
    group: TgChat,
    entry: Option<(i64, crate::game::TournamentId)>,
    /// Taps not yet answered: callback id → what it was and when it was delivered.
    taps: HashMap<String, (TapKind, Option<Instant>)>,
    /// Update id → callback id (taps) or person (moves), for the deliveries.
    updates: HashMap<i64, Delivery>,
    joins_answered: usize,
    start_answered: bool,
    ended: bool,
    answer_us: Vec<u64>,
    shown_us: Vec<u64>,
    repaired_us: Vec<u64>,
    report: ArenaReport,
}

/// What [`Driver::seat`] finds.
struct Seat {
    chat: TgChat,
    at: i64,
    board: i64,
    game: u64,
    ply: u32,
    user: TgUser,
}

enum Delivery {
    /// A tap; with the person whose move it plays, if it does.
    Tap(String, Option<usize>),
    /// A typed move of this person.
    Move(usize),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum TapKind {
    Join,
    Start,
    Board,
}

/// Run an arena against a fresh bot.
pub async fn run(cfg: ArenaConfig) -> Result<ArenaReport, LoadError> {
    let keep = cfg.keep_data;
    let (mut report, kept) =
        in_scratch("arena", keep, |dir| async move { run_in(&cfg, &dir).await }).await?;
    report.kept = kept;
    Ok(report)
}

async fn run_in(cfg: &ArenaConfig, dir: &std::path::Path) -> Result<ArenaReport, LoadError> {
    let api = FakeApi::start()
        .await
        .map_err(|e| LoadError::Io(format!("fake Bot API: {e}")))?;
    api.set_keep_history(false);
    api.set_limits(Some(TelegramLimits::default()));
    let mut rx = api.subscribe();
    let spec = BotSpec {
        board_px: cfg.board_px,
        log_level: cfg.log_level.clone(),
        pacing: true,
        ..BotSpec::new(&cfg.bot_exe, dir, api.url())
    };
    let bot = BotProcess::spawn(&spec)?;
    let now = Instant::now();
    let people: Vec<Person> = (0..cfg.players)
        .map(|i| {
            let user = TgUser::new(FIRST_USER + i as i64, &format!("Arena{i}"), "en");
            Person {
                chat: TgChat::Private(user.clone()),
                user,
                board: None,
                game: None,
                colour: Color::White,
                copy: None,
                step: Step::Idle,
                since: now,
                moved: None,
                ended: None,
                ending: None,
            }
        })
        .collect();
    let mut d = Driver {
        api: &api,
        rng: Rng::new(cfg.seed ^ 0xa7e4a),
        by_user: people
            .iter()
            .enumerate()
            .map(|(i, p)| (p.user.id, i))
            .collect(),
        people,
        group: TgChat::Group(GROUP, "Arena club".into()),
        entry: None,
        taps: HashMap::new(),
        updates: HashMap::new(),
        joins_answered: 0,
        start_answered: false,
        ended: false,
        answer_us: Vec::new(),
        shown_us: Vec::new(),
        repaired_us: Vec::new(),
        report: ArenaReport {
            players: cfg.players,
            minutes: cfg.minutes,
            clock: cfg.clock.clone(),
            load_avg: (load_avg(), String::new()),
            ..ArenaReport::default()
        },
        cfg: cfg.clone(),
    };
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
    // Everyone has started the bot in private (it can write to them), as a group's
    // tournament asks; the admin opens the arena.
    for p in &d.people {
        api.push_text(&p.chat, &p.user, "/start", None, Vec::new());
    }
    d.run_until(&mut rx, Instant::now() + Duration::from_secs(10), |_| false)
        .await;
    let admin = d.people[0].user.clone();
    api.set_admins(GROUP, &[admin.id]);
    let open = format!(
        "/tournament arena {} classic {} casual",
        cfg.minutes, cfg.clock
    );
    api.push_text(&d.group, &admin, &open, None, Vec::new());
    if !d
        .run_until(&mut rx, Instant::now() + Duration::from_secs(60), |d| {
            d.entry.is_some()
        })
        .await
    {
        return Err(LoadError::Setup("no entry message".into()));
    }
    // Joins, spread at the join rate.
    let j0 = Instant::now();
    let gap = Duration::from_secs_f64(1.0 / cfg.join_rate.max(0.1));
    for i in 0..d.people.len() {
        d.tap_entry(i, TournamentAct::Join);
        let next = Instant::now() + gap;
        d.run_until(&mut rx, next, |_| false).await;
    }
    let all = d.people.len();
    if !d
        .run_until(&mut rx, Instant::now() + Duration::from_secs(60), |d| {
            d.joins_answered >= all
        })
        .await
    {
        return Err(LoadError::Setup(format!(
            "{} of {all} joins answered",
            d.joins_answered
        )));
    }
    d.report.join_secs = j0.elapsed().as_secs_f64();
    let cpu0 = process::cpu_of(bot.pid());
    let p0 = Instant::now();
    d.tap_entry(0, TournamentAct::Start);
    let limit = p0 + Duration::from_secs(u64::from(cfg.minutes) * 60 + 30 * 60);
    let mut peak = 0u64;
    let mut told = Instant::now();
    while !d.ended && Instant::now() < limit {
        let step = Instant::now() + Duration::from_secs(1);
        d.run_until(&mut rx, step, |d| d.ended).await;
        if let Some(m) = memory_of(bot.pid()) {
            peak = peak.max(m.rss_kib);
        }
        // A long run says how it goes, on stderr (the report is stdout's).
        if told.elapsed() >= Duration::from_secs(60) {
            told = Instant::now();
            let r = &d.report;
            let playing = d.people.iter().filter(|p| p.step != Step::Idle).count();
            eprintln!(
                "arena: {:.0} s, {} games started, {} finished, {playing} people in a game, {} moves, {} errors",
                p0.elapsed().as_secs_f64(),
                r.games_started,
                r.games_finished,
                r.moves,
                r.error_count()
            );
        }
    }
    d.report.played_secs = p0.elapsed().as_secs_f64();
    d.report.bot_cpu_secs = cpu0
        .zip(process::cpu_of(bot.pid()))
        .map(|(a, b)| b.saturating_sub(a).as_secs_f64());
    d.report.ended = d.ended;
    if !d.start_answered {
        d.error("start", "the Start tap was not answered".into());
    }
    // What is in flight lands before judging.
    d.run_until(&mut rx, Instant::now() + Duration::from_secs(5), |_| false)
        .await;
    let mut report = std::mem::take(&mut d.report);
    report.answer = Percentiles::of_micros(&d.answer_us);
    report.shown = Percentiles::of_micros(&d.shown_us);
    report.repaired = Percentiles::of_micros(&d.repaired_us);
    report.rate_limited = api.rate_limited_by();
    report.end_memory = bot.memory().unwrap_or_default();
    report.peak_rss_kib = peak.max(report.end_memory.rss_kib);
    report.load_avg.1 = load_avg();
    report.bot_exit = match bot.terminate(Duration::from_secs(30)).await {
        Ok(s) => s.to_string(),
        Err(e) => e.to_string(),
    };
    report.panics = process::panics_in_log(&spec.log_file);
    Ok(report)
}

impl Driver<'_> {
    /// Handle events and due actions until `done` or `end`; whether `done` came.
    async fn run_until(
        &mut self,
        rx: &mut UnboundedReceiver<Event>,
        end: Instant,
        done: impl Fn(&Self) -> bool,
    ) -> bool {
        loop {
            if done(self) {
                return true;
            }
            let now = Instant::now();
            if now >= end {
                return false;
            }
            let wake = (now + Duration::from_millis(5)).min(end);
            tokio::select! {
                ev = rx.recv() => {
                    if let Some(ev) = ev {
                        self.on_event(ev);
                        while let Ok(ev) = rx.try_recv() {
                            self.on_event(ev);
                        }
                    }
                }
                _ = tokio::time::sleep_until(wake.into()) => {}
            }
            self.tick(Instant::now());
        }
    }

    fn error(&mut self, kind: &str, detail: String) {
        *self.report.errors.entry(kind.to_string()).or_default() += 1;
        if self.report.samples.len() < 12 {
            self.report.samples.push(format!("{kind}: {detail}"));
        }
    }

    fn tap_entry(&mut self, i: usize, act: TournamentAct) {
        let Some((message, id)) = self.entry else {
            return;
        };
        let data = Callback::Tournament { id, act }.encode();
        let (group, user) = (self.group.clone(), self.people[i].user.clone());
        let kind = match act {
            TournamentAct::Start => TapKind::Start,
            _ => TapKind::Join,
        };
        self.tap(&group, &user, message, &data, kind, None);
    }

    fn tap(
        &mut self,
        chat: &TgChat,
        user: &TgUser,
        message: i64,
        data: &str,
        kind: TapKind,
        plays: Option<usize>,
    ) -> i64 {
        let p = self.api.push_tap(chat, user, message, data);
        if let Some(cb) = p.callback_id {
            self.updates
                .insert(p.update_id, Delivery::Tap(cb.clone(), plays));
            self.taps.insert(cb, (kind, None));
        }
        p.update_id
    }

    fn think(&mut self) -> Duration {
        let base = self.cfg.think.as_millis() as u64;
        Duration::from_millis(base / 2 + self.rng.next_u64() % base.max(1))
    }

    fn tick(&mut self, now: Instant) {
        for i in 0..self.people.len() {
            let p = &self.people[i];
            match &p.step {
                Step::Thinking(at) if *at <= now => self.act(i),
                Step::Selecting(_) | Step::Moving(_)
                    if now.duration_since(p.since) > Duration::from_secs(60) =>
                {
                    let detail = format!("{} waited a minute at {:?}", p.user.id, p.step);
                    self.error("move not shown", detail);
                    self.people[i].step = Step::Waiting;
                }
                _ => {}
            }
            // The last game's end must show soon after the next board: otherwise the bot
            // started a game for someone still playing one.
            if let Some((_, game, _, at)) = self.people[i].ending
                && now.duration_since(at) > Duration::from_secs(30)
            {
                let detail = format!(
                    "{}: game {game:?} not shown ended 30 s after the next board",
                    self.people[i].user.id
                );
                self.error("two games at once", detail);
                self.people[i].ending = None;
            }
        }
    }

    fn on_event(&mut self, ev: Event) {
        match ev {
            Event::Delivered { first, last, at } => {
                for id in first..=last {
                    match self.updates.remove(&id) {
                        Some(Delivery::Tap(cb, plays)) => {
                            if let Some(t) = self.taps.get_mut(&cb) {
                                t.1 = Some(at);
                            }
                            if let Some(i) = plays
                                && let Some((u, d)) = self.people[i].moved.as_mut()
                                && *u == id
                            {
                                *d = Some(at);
                            }
                        }
                        Some(Delivery::Move(i)) => {
                            if let Some((u, d)) = self.people[i].moved.as_mut()
                                && *u == id
                            {
                                *d = Some(at);
                            }
                        }
                        None => {}
                    }
                }
            }
            Event::Call(c) => self.on_call(c),
        }
    }

    fn on_call(&mut self, c: Arc<Call>) {
        let method = c.method.to_ascii_lowercase();
        if method == "answercallbackquery" {
            self.answered(&c);
            return;
        }
        let Some(chat) = c.chat_id() else { return };
        let resp = match &c.response {
            Ok(v) => v.clone(),
            Err(e) if e.contains("not modified") => return,
            Err(e) => {
                self.error("api", format!("{method}: {e}"));
                return;
            }
        };
        if chat == GROUP {
            self.in_group(&c, &method, &resp);
        }
        // Who sees this chat's boards: in a private chat its person, in the group the two
        // players the board names.
        match method.as_str() {
            "sendphoto" => {
                let b = read_buttons(&c.buttons());
                if b.game.is_none() {
                    return;
                }
                let posted = resp.get("message_id").and_then(Value::as_i64);
                let seats: Vec<usize> = if chat == GROUP {
                    let caption = c.text().unwrap_or_default();
                    let ids = caption
                        .lines()
                        .next()
                        .map(mentioned_ids)
                        .unwrap_or_default();
                    ids.iter()
                        .filter_map(|u| self.by_user.get(u).copied())
                        .collect()
                } else {
                    self.by_user.get(&chat).copied().into_iter().collect()
                };
                for i in seats {
                    let b = read_buttons(&c.buttons());
                    self.new_board(i, &c, b, posted.map(|m| (chat, m)));
                }
            }
            "editmessagemedia" | "editmessagecaption" | "editmessagereplymarkup" => {
                let Some(m) = c.int("message_id") else { return };
                let seats: Vec<usize> = match self.by_user.get(&chat) {
                    Some(&i) => vec![i],
                    None => (0..self.people.len()).collect(),
                };
                for i in seats {
                    if self.people[i].board == Some((chat, m)) {
                        let b = read_buttons(&c.buttons());
                        self.on_board(i, &c, b);
                    } else if let Some((board, _, colour, _)) = self.people[i].ending
                        && board == (chat, m)
                        && read_buttons(&c.buttons()).finished
                    {
                        // The last game's end, shown after the next board.
                        self.people[i].ending = None;
                        if colour == Color::White {
                            self.report.games_finished += 1;
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn answered(&mut self, c: &Call) {
        let Some(cb) = c.str("callback_query_id") else {
            return;
        };
        let Some((kind, delivered)) = self.taps.remove(cb) else {
            return;
        };
        if let Some(d) = delivered {
            self.answer_us
                .push(c.at.saturating_duration_since(d).as_micros() as u64);
        }
        let text = c.str("text").unwrap_or("").to_string();
        if matches!(c.params.get("show_alert"), Some(Value::Bool(true))) {
            self.error("alert", text);
            return;
        }
        match kind {
            TapKind::Join => self.joins_answered += 1,
            TapKind::Start => self.start_answered = true,
            TapKind::Board => {}
        }
    }

    fn in_group(&mut self, c: &Call, method: &str, resp: &Value) {
        if method == "sendmessage" && self.entry.is_none() {
            let id = c
                .buttons()
                .iter()
                .find_map(|(_, d)| match Callback::decode(d) {
                    Ok(Callback::Tournament { id, .. }) => Some(id),
                    _ => None,
                });
            if let (Some(id), Some(m)) = (id, resp.get("message_id").and_then(Value::as_i64)) {
                self.entry = Some((m, id));
            }
        }
        if method == "sendphoto"
            && c.text().is_some_and(|t| {
                t.contains("wins the tournament") || t.contains("Shared first place")
            })
        {
            self.ended = true;
        }
    }

    /// A board posted in person `i`'s chat: a new game.
    fn new_board(&mut self, i: usize, c: &Call, b: Buttons, posted: Option<(i64, i64)>) {
        let now = Instant::now();
        let caption = c.text().unwrap_or_default();
        let ids = caption
            .lines()
            .next()
            .map(mentioned_ids)
            .unwrap_or_default();
        let me = self.people[i].user.id;
        let colour = match ids.iter().position(|u| *u == me) {
            Some(0) => Color::White,
            Some(_) => Color::Black,
            None => {
                self.error("board", format!("{me}: a board that does not name them"));
                return;
            }
        };
        let p = &self.people[i];
        let ended = p.ended;
        // A board of a new game while the driver still sees the last one on: its end may
        // come after (see `ending`), or never (an error, counted in `tick`).
        let ending = if p.game.is_some() && p.game != b.game && p.step != Step::Idle {
            p.board.map(|board| (board, p.game, p.colour, now))
        } else {
            None
        };
        if let Some(e) = ended {
            self.repaired_us
                .push(c.at.saturating_duration_since(e).as_micros() as u64);
        }
        if colour == Color::White {
            self.report.games_started += 1;
        }
        let think = self.think();
        let mut copy = Game::new(&Variant::new(VariantId::Classic));
        // Black's copy of the board may be posted after White's first move (the group's
        // and the overall pace hold it a moment): it shows that move.
        let caught_up = b.ply == Some(1)
            && caption_move(&caption, copy.position())
                .is_some_and(|path| copy.play_squares(path.squares()).is_ok());
        if !caught_up && b.ply.is_some_and(|n| n > 0) {
            let detail = format!("{me}: game {:?} first shown at ply {:?}", b.game, b.ply);
            self.error("board", detail);
        }
        let to_move = copy.side_to_move() == colour;
        let p = &mut self.people[i];
        p.board = posted;
        p.game = b.game;
        p.colour = colour;
        p.copy = Some(copy);
        p.ended = None;
        p.ending = ending;
        p.moved = None;
        p.since = now;
        p.step = if to_move {
            Step::Thinking(now + think)
        } else {
            Step::Waiting
        };
    }

    /// Person `i`'s board was edited.
    fn on_board(&mut self, i: usize, c: &Call, b: Buttons) {
        let caption = c.text().unwrap_or_default();
        let p = &self.people[i];
        if b.game.is_some() && b.game != p.game {
            return;
        }
        let Some(copy) = p.copy.as_ref() else { return };
        let plies = copy.plies() as u32;
        if b.finished {
            if p.step == Step::Idle {
                return;
            }
            // The game's last move was ours: the final board shows it.
            if let Step::Moving(_) = p.step
                && let Some((_, Some(d))) = p.moved
            {
                self.shown_us
                    .push(c.at.saturating_duration_since(d).as_micros() as u64);
                self.report.moves += 1;
            }
            if self.people[i].colour == Color::White {
                self.report.games_finished += 1;
            }
            let p = &mut self.people[i];
            p.step = Step::Idle;
            p.ended = Some(c.at);
            p.copy = None;
            return;
        }
        let Some(ply) = b.ply else { return };
        if ply > plies + 1 {
            // Two moves in one edit (ours and a quick answer, coalesced): ours first.
            if let Step::Moving(path) | Step::Selecting(path) = self.people[i].step.clone() {
                self.apply(i, path, c);
            }
        }
        let plies = match self.people[i].copy.as_ref() {
            Some(copy) => copy.plies() as u32,
            None => return,
        };
        if ply == plies + 1 {
            let Some(path) = self.people[i]
                .copy
                .as_ref()
                .and_then(|g| caption_move(&caption, g.position()))
            else {
                self.error("caption", format!("ply {ply}: no move in {caption:?}"));
                self.people[i].step = Step::Idle;
                return;
            };
            self.apply(i, path, c);
        } else if ply == plies {
            if let Step::Selecting(path) = self.people[i].step.clone()
                && b.targets.iter().any(|(f, _)| *f == path.from())
            {
                let offered = b.targets.contains(&(path.from(), path.to()));
                self.play_move(i, path, offered);
            }
        } else if ply > plies {
            let detail = format!(
                "{}: board at ply {ply}, expected {plies}",
                self.people[i].user.id
            );
            self.error("desync", detail);
            self.people[i].step = Step::Idle;
        }
    }

    /// Play `path` (as the board showed it) on person `i`'s copy; the turn that follows.
    fn apply(&mut self, i: usize, path: Path, c: &Call) {
        let think = self.think();
        let now = Instant::now();
        let p = &mut self.people[i];
        let Some(copy) = p.copy.as_mut() else { return };
        let side = copy.side_to_move();
        if let Err(e) = copy.play_squares(path.squares()) {
            let detail = format!("{}: {path}: {e}", p.user.id);
            p.step = Step::Idle;
            self.error("illegal", detail);
            return;
        }
        if side == p.colour {
            match std::mem::replace(&mut p.step, Step::Waiting) {
                Step::Moving(sent) | Step::Selecting(sent) if sent == path => {
                    if let Some((_, Some(d))) = p.moved.take() {
                        self.shown_us
                            .push(c.at.saturating_duration_since(d).as_micros() as u64);
                    }
                    self.report.moves += 1;
                }
                other => {
                    let detail = format!("{}: {path} shown, {other:?}", p.user.id);
                    self.error("a move not sent", detail);
                }
            }
        }
        let p = &mut self.people[i];
        let ours = p
            .copy
            .as_ref()
            .is_some_and(|g| !g.is_over() && g.side_to_move() == p.colour);
        p.since = now;
        if ours {
            p.step = Step::Thinking(now + think);
        }
    }

    /// Where person `i` plays now: the board's chat and message, the game and its ply.
    fn seat(&self, i: usize) -> Option<Seat> {
        let p = &self.people[i];
        let ((at, board), game) = (p.board?, p.game?);
        Some(Seat {
            chat: if at == GROUP {
                self.group.clone()
            } else {
                p.chat.clone()
            },
            at,
            board,
            game,
            ply: p.copy.as_ref().map_or(0, |g| g.plies() as u32),
            user: p.user.clone(),
        })
    }

    /// Person `i` moves: a tap on the piece, or the move typed.
    fn act(&mut self, i: usize) {
        let Some(path) = self.people[i]
            .copy
            .as_ref()
            .and_then(|g| choose_move(g, &mut self.rng))
        else {
            self.people[i].step = Step::Waiting;
            return;
        };
        let Some(Seat {
            chat,
            at,
            board,
            game,
            ply,
            user,
        }) = self.seat(i)
        else {
            return;
        };
        self.people[i].since = Instant::now();
        if (self.rng.index(1000) as f64) < self.cfg.tap_share * 1000.0 {
            let data = Callback::Tap {
                game: crate::game::GameId(game),
                ply,
                square: path.from(),
            }
            .encode();
            self.people[i].step = Step::Selecting(path);
            self.tap(&chat, &user, board, &data, TapKind::Board, None);
        } else {
            // In a group a move is a command; in a private chat the path alone.
            let text = if at == GROUP {
                format!("/m {path}")
            } else {
                path.to_string()
            };
            let pushed = self.api.push_text(&chat, &user, &text, None, Vec::new());
            self.updates.insert(pushed.update_id, Delivery::Move(i));
            self.people[i].moved = Some((pushed.update_id, None));
            self.people[i].step = Step::Moving(path);
        }
    }

    /// The destinations are shown: tap the move's (or, if it is not among them, type it).
    fn play_move(&mut self, i: usize, path: Path, offered: bool) {
        let Some(Seat {
            chat,
            board,
            game,
            ply,
            user,
            ..
        }) = self.seat(i)
        else {
            return;
        };
        if !offered {
            self.error("keyboard", format!("{}: {path} not offered", user.id));
            self.people[i].step = Step::Waiting;
            return;
        }
        let data = Callback::Move {
            game: crate::game::GameId(game),
            ply,
            from: path.from(),
            to: path.to(),
            confirmed: false,
        }
        .encode();
        let update = self.tap(&chat, &user, board, &data, TapKind::Board, Some(i));
        self.people[i].moved = Some((update, None));
        self.people[i].step = Step::Moving(path);
        self.people[i].since = Instant::now();
    }
}
