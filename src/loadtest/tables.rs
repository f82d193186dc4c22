//! Tables of four in the load: each in a group of its own, three simulated people and the
//! program's seat, gathered in a lobby (`/new halma4`, Join, + Program, Start) and played
//! through the piece picker as people play it (a piece, then its destination), beside the
//! two-player games of the main driver and against the same bot.
//!
//! It measures what the people at a table meet: every tap's answer (the lobby's and the
//! picker's), the time from a person's destination tap to the board edit that shows the
//! turn (with the program's turn after it when it comes within the bot's wait), and the
//! turns shown, from which the bot's CPU per table turn follows.

use super::mentioned_ids;
use crate::ai::rng::Rng;
use crate::bot::callback::{Callback, LobbyAct};
use crate::fakeapi::{Call, Event, FakeApi, TgChat, TgUser};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedReceiver;

/// The tables in a load run.
#[derive(Clone, Debug)]
pub struct TableConfig {
    /// Tables of four, each in a group of its own.
    pub tables: usize,
    /// How long a person looks at the board before tapping a piece, and again before its
    /// destination.
    pub think: Duration,
    /// The program's level in its seat.
    pub level: u8,
    /// Seed of every random choice.
    pub seed: u64,
    /// How long an answer or a board may take before the table counts as out of step.
    pub ack_timeout: Duration,
}

/// Where a table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// `/new halma4` sent; waiting for the lobby.
    Opening,
    /// The lobby is up: the next of Join, Join, + Program, Start is due when the last
    /// tap is answered.
    Gathering(u8),
    /// Started; waiting for the board.
    Starting,
    /// Nobody of ours to move (the program, or the board not yet showing our turn).
    Waiting,
    /// One of ours is to move: their piece tap is due at the instant.
    Thinking(Instant),
    /// A piece was tapped; waiting for the board to show its destinations.
    Picking,
    /// Destinations shown: the destination tap is due at the instant.
    Aiming(Instant),
    /// The destination was tapped; waiting for the board to show the turn.
    Moving,
    /// The game is over.
    Over,
    /// Out of step (counted as an error); no longer played.
    Dead,
}

struct Table {
    chat: TgChat,
    people: [TgUser; 3],
    lobby: Option<i64>,
    board: Option<i64>,
    game: Option<u64>,
    ply: u32,
    step: Step,
    since: Instant,
    /// The destination tap's update, and when it was delivered.
    moved: Option<(i64, Option<Instant>)>,
    /// The buttons the board shows now (decoded).
    buttons: Vec<Callback>,
    /// Who the board says is to move.
    to_move: Option<i64>,
}

/// What the tables measured.
#[derive(Clone, Debug, Default)]
pub struct TableStats {
    /// Tables whose board came.
    pub started: usize,
    /// Turns the boards showed in the measured window (the people's and the program's).
    pub turns: u64,
    /// Turns shown over the whole run.
    pub turns_total: u64,
    /// The people's turns played in the window.
    pub people_turns: u64,
    /// A tap delivered → its answer, in microseconds (measured window).
    pub answer_us: Vec<u64>,
    /// A destination tap delivered → the board edit showing the turn (microseconds).
    pub shown_us: Vec<u64>,
    /// Games over.
    pub finished: u64,
    /// Errors by kind.
    pub errors: BTreeMap<String, u64>,
    /// The first error messages (up to 8).
    pub samples: Vec<String>,
}

impl TableStats {
    /// All errors.
    pub fn error_count(&self) -> u64 {
        self.errors.values().sum()
    }
}

/// The tables' driver: its own view of the fake's events, beside the main driver's.
pub struct TableDriver<'a> {
    api: &'a FakeApi,
    events: UnboundedReceiver<Event>,
    cfg: TableConfig,
    rng: Rng,
    tables: Vec<Table>,
    by_chat: HashMap<i64, usize>,
    /// Taps not yet answered: callback id → (table, update id, when delivered).
    taps: HashMap<String, (usize, i64, Option<Instant>)>,
    /// Update id → callback id, for the deliveries.
    updates: HashMap<i64, String>,
    measuring: bool,
    /// Whether the people play (false while setting up and after the window).
    pub playing: bool,
    /// Counters.
    pub stats: TableStats,
}

/// Group chat ids of the tables: below every id the main driver uses.
const FIRST_CHAT: i64 = -1_100_000_000_000;
/// User ids of the tables' people.
const FIRST_USER: i64 = 5_000_000;

impl<'a> TableDriver<'a> {
    /// Lay out the tables (nothing is sent yet).
    pub fn new(api: &'a FakeApi, events: UnboundedReceiver<Event>, cfg: TableConfig) -> Self {
        let now = Instant::now();
        let tables: Vec<Table> = (0..cfg.tables)
            .map(|k| {
                let lang = if k % 4 == 3 { "ru" } else { "en" };
                let person =
                    |i: i64| TgUser::new(FIRST_USER + 3 * k as i64 + i, &format!("T{k}p{i}"), lang);
                Table {
                    chat: TgChat::Group(FIRST_CHAT - k as i64, format!("Table {k}")),
                    people: [person(0), person(1), person(2)],
                    lobby: None,
                    board: None,
                    game: None,
                    ply: 0,
                    step: Step::Opening,
                    since: now,
                    moved: None,
                    buttons: Vec::new(),
                    to_move: None,
                }
            })
            .collect();
        let by_chat = tables
            .iter()
            .enumerate()
            .map(|(i, t)| (t.chat.id(), i))
            .collect();
        TableDriver {
            api,
            events,
            rng: Rng::new(cfg.seed ^ 0x7ab1e5),
            cfg,
            tables,
            by_chat,
            taps: HashMap::new(),
            updates: HashMap::new(),
            measuring: false,
            playing: false,
            stats: TableStats::default(),
        }
    }

    /// Whether `chat` is one of the tables' groups (the main driver leaves those alone).
    pub fn owns(chat: i64) -> bool {
        chat <= FIRST_CHAT && chat > FIRST_CHAT - 1_000_000
    }

    /// Start or stop counting.
    pub fn set_measuring(&mut self, on: bool) {
        self.measuring = on;
    }

    /// Tables played.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// Tables out of step.
    pub fn dead(&self) -> usize {
        self.tables.iter().filter(|t| t.step == Step::Dead).count()
    }

    /// Open every table, one lobby after another; true when every board came within
    /// `timeout`.
    pub async fn setup(&mut self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        for i in 0..self.tables.len() {
            let (chat, host) = (
                self.tables[i].chat.clone(),
                self.tables[i].people[0].clone(),
            );
            self.api.set_admins(chat.id(), &[host.id]);
            self.api
                .push_text(&chat, &host, "/new halma4", None, Vec::new());
            self.tables[i].since = Instant::now();
        }
        while self
            .tables
            .iter()
            .any(|t| matches!(t.step, Step::Opening | Step::Gathering(_) | Step::Starting))
        {
            if !self.pump_once(end).await {
                return false;
            }
        }
        true
    }

    /// Play for `d`.
    pub async fn run_for(&mut self, d: Duration) {
        let end = Instant::now() + d;
        while self.pump_once(end).await {}
    }

    async fn pump_once(&mut self, end: Instant) -> bool {
        let now = Instant::now();
        if now >= end {
            return false;
        }
        let wake = (now + Duration::from_millis(5)).min(end);
        tokio::select! {
            ev = self.events.recv() => {
                if let Some(ev) = ev {
                    self.on_event(ev);
                    while let Ok(ev) = self.events.try_recv() {
                        self.on_event(ev);
                    }
                }
            }
            _ = tokio::time::sleep_until(wake.into()) => {}
        }
        self.tick(Instant::now());
        true
    }

    fn error(&mut self, kind: &str, detail: String) {
        *self.stats.errors.entry(kind.to_string()).or_default() += 1;
        if self.stats.samples.len() < 8 {
            self.stats.samples.push(format!("{kind}: {detail}"));
        }
    }

    fn tick(&mut self, now: Instant) {
        for i in 0..self.tables.len() {
            let t = &self.tables[i];
            match t.step {
                Step::Thinking(at) if self.playing && at <= now => self.tap_piece(i),
                Step::Aiming(at) if at <= now => self.tap_destination(i),
                Step::Dead | Step::Over | Step::Waiting | Step::Thinking(_) | Step::Aiming(_) => {}
                _ if now.duration_since(t.since) > self.cfg.ack_timeout => {
                    let what = format!("table {i} stuck at {:?}", t.step);
                    self.tables[i].step = Step::Dead;
                    self.error("table out of step", what);
                }
                _ => {}
            }
        }
    }

    fn on_event(&mut self, ev: Event) {
        match ev {
            Event::Delivered { first, last, at } => {
                for id in first..=last {
                    if let Some(cb) = self.updates.remove(&id)
                        && let Some(t) = self.taps.get_mut(&cb)
                    {
                        t.2 = Some(at);
                        let table = t.0;
                        if let Some((u, d)) = self.tables[table].moved.as_mut()
                            && *u == id
                        {
                            *d = Some(at);
                        }
                    }
                }
            }
            Event::Call(c) => self.on_call(c),
        }
    }

    fn on_call(&mut self, c: Arc<Call>) {
        let method = c.method.to_ascii_lowercase();
        if method == "answercallbackquery" {
            let Some((i, _, delivered)) = c
                .str("callback_query_id")
                .and_then(|id| self.taps.remove(id))
            else {
                return;
            };
            if let (true, Some(d)) = (self.measuring, delivered) {
                self.stats
                    .answer_us
                    .push(c.at.saturating_duration_since(d).as_micros() as u64);
            }
            if matches!(c.params.get("show_alert"), Some(Value::Bool(true))) {
                self.error("alert", c.str("text").unwrap_or("").to_string());
            }
            self.answered(i);
            return;
        }
        let Some(i) = c.chat_id().and_then(|id| self.by_chat.get(&id).copied()) else {
            return;
        };
        let resp = match &c.response {
            Ok(v) => v.clone(),
            Err(e) if e.contains("not modified") => return,
            Err(e) => {
                self.error("api", format!("{method}: {e}"));
                return;
            }
        };
        let buttons: Vec<Callback> = c
            .buttons()
            .iter()
            .filter_map(|(_, d)| Callback::decode(d).ok())
            .collect();
        match method.as_str() {
            "sendmessage" if buttons.iter().any(|b| matches!(b, Callback::Lobby { .. })) => {
                let t = &mut self.tables[i];
                if t.step == Step::Opening {
                    t.lobby = resp.get("message_id").and_then(Value::as_i64);
                    t.game = buttons.iter().find_map(|b| match b {
                        Callback::Lobby { game, .. } => Some(game.0),
                        _ => None,
                    });
                    t.step = Step::Gathering(0);
                    t.since = Instant::now();
                    self.gather(i);
                }
            }
            "sendphoto" => {
                let posted = resp.get("message_id").and_then(Value::as_i64);
                let t = &mut self.tables[i];
                if t.step == Step::Starting {
                    self.stats.started += 1;
                }
                t.board = posted;
                self.on_board(i, &c, buttons);
            }
            "editmessagemedia" | "editmessagereplymarkup"
                if c.int("message_id") == self.tables[i].board =>
            {
                self.on_board(i, &c, buttons);
            }
            _ => {}
        }
    }

    /// A tap of table `i` was answered: the lobby's next step (a refused step shows as
    /// a board that never comes).
    fn answered(&mut self, i: usize) {
        if let Step::Gathering(n) = self.tables[i].step {
            self.tables[i].step = if n >= 3 {
                Step::Starting
            } else {
                Step::Gathering(n + 1)
            };
            self.tables[i].since = Instant::now();
            self.gather(i);
        }
    }

    /// The lobby's next tap: Join, Join, + Program, Start.
    fn gather(&mut self, i: usize) {
        let t = &self.tables[i];
        let (Step::Gathering(n), Some(lobby)) = (t.step, t.lobby) else {
            return;
        };
        let Some(game) = t.game else { return };
        let (who, act) = match n {
            0 => (1, LobbyAct::Join),
            1 => (2, LobbyAct::Join),
            2 => (0, LobbyAct::Program(self.cfg.level)),
            _ => (0, LobbyAct::Start),
        };
        let data = Callback::Lobby {
            game: crate::game::GameId(game),
            act,
        }
        .encode();
        self.tap(i, who, lobby, &data);
    }

    fn tap(&mut self, i: usize, who: usize, message: i64, data: &str) {
        let t = &self.tables[i];
        let p = self.api.push_tap(&t.chat, &t.people[who], message, data);
        if let Some(cb) = p.callback_id {
            if self.taps.len() > 100_000 {
                self.taps.clear();
                self.updates.clear();
            }
            self.updates.insert(p.update_id, cb.clone());
            self.taps.insert(cb, (i, p.update_id, None));
        }
        // A destination or a pass plays the turn: its board edit is the figure.
        if data.starts_with("m:") || data.starts_with("ps:") {
            self.tables[i].moved = Some((p.update_id, None));
        }
    }

    /// The board of table `i` was posted or edited, showing `buttons`.
    fn on_board(&mut self, i: usize, c: &Call, buttons: Vec<Callback>) {
        let now = Instant::now();
        let think = self.think();
        let caption = c.text();
        let ply = buttons.iter().find_map(|b| match b {
            Callback::Tap { game, ply, .. }
            | Callback::Move { game, ply, .. }
            | Callback::Reset { game, ply }
            | Callback::Pass { game, ply }
            | Callback::Act { game, ply, .. } => Some((game.0, *ply)),
            _ => None,
        });
        let over = buttons
            .iter()
            .any(|b| matches!(b, Callback::Rematch { .. } | Callback::Export { .. }));
        let t = &mut self.tables[i];
        if let Some((game, _)) = ply {
            t.game = Some(game);
        }
        if let Some(cap) = &caption {
            t.to_move = cap
                .lines()
                .find(|l| l.starts_with('➡'))
                .and_then(|l| mentioned_ids(l).first().copied());
        }
        let new_ply = ply.map(|(_, p)| p).filter(|p| *p > t.ply);
        if let Some(p) = new_ply {
            let shown = u64::from(p - t.ply);
            t.ply = p;
            self.stats.turns_total += shown;
            if self.measuring {
                self.stats.turns += shown;
            }
            if t.step == Step::Moving {
                if let Some((_, Some(d))) = t.moved.take()
                    && self.measuring
                {
                    self.stats
                        .shown_us
                        .push(c.at.saturating_duration_since(d).as_micros() as u64);
                    self.stats.people_turns += 1;
                }
                t.step = Step::Waiting;
            }
        }
        if over {
            if t.step != Step::Over {
                self.stats.finished += 1;
            }
            t.step = Step::Over;
            t.buttons = buttons;
            return;
        }
        t.buttons = buttons;
        t.since = now;
        let ours = t
            .to_move
            .is_some_and(|u| t.people.iter().any(|p| p.id == u));
        match t.step {
            Step::Starting | Step::Waiting if ours && caption.is_some() => {
                t.step = Step::Thinking(now + think);
            }
            Step::Starting => t.step = Step::Waiting,
            Step::Picking if t.buttons.iter().any(|b| matches!(b, Callback::Move { .. })) => {
                t.step = Step::Aiming(now + think);
            }
            _ => {}
        }
    }

    fn think(&mut self) -> Duration {
        let base = self.cfg.think.as_millis() as u64;
        Duration::from_millis(base / 2 + self.rng.next_u64() % (base.max(1)))
    }

    /// The person to move taps one of the pieces the picker offers (or passes).
    fn tap_piece(&mut self, i: usize) {
        let t = &self.tables[i];
        let (Some(board), Some(user)) = (t.board, t.to_move) else {
            return;
        };
        let Some(who) = t.people.iter().position(|p| p.id == user) else {
            self.tables[i].step = Step::Waiting;
            return;
        };
        let pieces: Vec<&Callback> = t
            .buttons
            .iter()
            .filter(|b| matches!(b, Callback::Tap { .. } | Callback::Pass { .. }))
            .collect();
        if pieces.is_empty() {
            self.tables[i].step = Step::Waiting;
            return;
        }
        let pick = pieces[self.rng.index(pieces.len())].clone();
        let data = pick.encode();
        self.tables[i].step = match pick {
            Callback::Pass { .. } => Step::Moving,
            _ => Step::Picking,
        };
        self.tables[i].since = Instant::now();
        self.tap(i, who, board, &data);
    }

    /// The person taps one of the destinations shown, the longest step first most often.
    fn tap_destination(&mut self, i: usize) {
        let t = &self.tables[i];
        let (Some(board), Some(user)) = (t.board, t.to_move) else {
            return;
        };
        let Some(who) = t.people.iter().position(|p| p.id == user) else {
            return;
        };
        let mut dests: Vec<Callback> = t
            .buttons
            .iter()
            .filter(|b| matches!(b, Callback::Move { .. }))
            .cloned()
            .collect();
        if dests.is_empty() {
            self.tables[i].step = Step::Waiting;
            return;
        }
        let span = |b: &Callback| match b {
            Callback::Move { from, to, .. } => {
                (i32::from(from.file) - i32::from(to.file)).abs()
                    + (i32::from(from.rank) - i32::from(to.rank)).abs()
            }
            _ => 0,
        };
        dests.sort_by_key(|b| std::cmp::Reverse(span(b)));
        let pick = if self.rng.index(10) < 7 {
            0
        } else {
            self.rng.index(dests.len())
        };
        let data = dests[pick].encode();
        self.tables[i].step = Step::Moving;
        self.tables[i].since = Instant::now();
        self.tap(i, who, board, &data);
    }
}
