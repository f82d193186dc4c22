//! The simulated people: chats, games, and the event loop that plays them through the fake
//! Bot API while measuring the bot's answers.
//!
//! Every game has a slot: one or two people (or one person and the program) in one chat.
//! A slot acts only when its board says it is a person's turn, so each game has at most one
//! update in flight; a global budget releases actions at the offered rate. The slot keeps
//! its own copy of the game (the engine), moves by the bot's board captions, and checks each
//! edit against it: a move the bot shows must be the move that was sent, on the ply that
//! was expected.

use super::mentioned_ids;
use super::process::memory_of;
use super::{Rng, TrackedGame};
use crate::bot::callback::Callback;
use crate::engine::{Color, Game, Move, Path, Square, Variant, VariantId, parse_move};
use crate::fakeapi::{Call, Event, FakeApi, Pushed, TgChat, TgUser, keyboard_buttons};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedReceiver;

/// The shape of the simulated population.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// Games played at once.
    pub games: usize,
    /// Chats they are played in.
    pub chats: usize,
    /// How many of the chats are private chats, each with one game against the program;
    /// the other games are spread over group chats, two people each.
    pub private_chats: usize,
    /// Share of moves made by tapping the board (the rest are typed).
    pub tap_share: f64,
    /// Moves offered per second over all games (0 = each move as soon as it is possible).
    pub rate: f64,
    /// Seed of every random choice.
    pub seed: u64,
    /// How long to wait for the bot's answer before looking at the board and retrying.
    pub ack_timeout: Duration,
    /// The program's level in private games.
    pub program_level: u8,
    /// Games started a second during the setup (0 = all at once). Under pacing the bot
    /// posts about three messages for each new game and Telegram's overall limit is 30 a
    /// second: all at once, the last games would wait longer than `ack_timeout`.
    pub setup_rate: f64,
}

/// Where a slot is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Not started yet (the setup starts games at its own rate).
    Queued,
    /// Waiting for the game to be created (challenge or colour choice).
    Setup,
    /// A person's turn, waiting for the rate budget.
    Idle,
    /// A piece was tapped; waiting for the board to show the selection.
    Selecting,
    /// A move was sent; waiting for the board to show it.
    Moving,
    /// The program's turn.
    Program,
    /// The game ended; a rematch follows.
    Over,
    /// Out of step with the bot (counted as an error); no longer played.
    Dead,
}

/// The action a slot waits for the bot to answer.
#[derive(Clone, Debug)]
struct Pending {
    path: Path,
    mover: usize,
    update: i64,
    delivered: Option<Instant>,
    tries: u32,
}

/// One game seat: its chat, its people, its board and the slot's copy of the game.
struct Slot {
    chat: usize,
    humans: Vec<usize>,
    program: bool,
    board: Option<i64>,
    game_id: Option<u64>,
    mirror: Option<Game>,
    colours: [Option<usize>; 2],
    phase: Phase,
    since: Instant,
    pending: Option<Pending>,
    tries: u32,
    history: Vec<TrackedGame>,
}

impl Slot {
    fn user_of(&self, c: Color) -> Option<usize> {
        self.colours[c.index()]
    }
}

/// Counters and samples of one run.
#[derive(Clone, Debug, Default)]
pub struct SimStats {
    /// Moves acknowledged (shown on the board) while measuring.
    pub moves: u64,
    /// Moves acknowledged in the whole run (setup and drain included).
    pub moves_total: u64,
    /// Of those, moves made by the program.
    pub program_moves: u64,
    /// Update delivered → the bot's board edit, in microseconds (measured window only).
    pub latency_us: Vec<u64>,
    /// A person's move shown → the program's answer shown, in microseconds.
    pub program_us: Vec<u64>,
    /// A tap delivered → its `answerCallbackQuery`, in microseconds (measured window).
    pub answer_us: Vec<u64>,
    /// Games that started (first board posted).
    pub games_started: u64,
    /// Games that ended.
    pub games_finished: u64,
    /// Calls the bot made.
    pub calls: u64,
    /// The same calls by Bot API method: which calls a move costs.
    pub calls_by_method: BTreeMap<String, u64>,
    /// Calls answered with an injected fault (429, 500, dropped).
    pub faulted_calls: u64,
    /// "Message is not modified" answers (harmless).
    pub not_modified: u64,
    /// Replays (GIF) and records sent at game ends.
    pub replays: u64,
    /// Analyses asked for (`/analyze` of stored games) and sent.
    pub analyses_asked: u64,
    /// Analyses sent.
    pub analyses_sent: u64,
    /// Actions sent again after a timeout.
    pub resent: u64,
    /// Moves acknowledged only by looking at the board after a timeout.
    pub late_acks: u64,
    /// Errors by kind.
    pub errors: BTreeMap<String, u64>,
    /// The first error messages of each kind (up to 8), for the report.
    pub samples: Vec<String>,
    /// Peak `VmRSS` seen while sampling, KiB.
    pub peak_rss_kib: u64,
}

impl SimStats {
    /// All errors.
    pub fn error_count(&self) -> u64 {
        self.errors.values().sum()
    }
}

/// The parts of a board message the driver reads.
#[derive(Clone, Debug, Default)]
struct BoardState {
    game: Option<u64>,
    ply: Option<u32>,
    finished: bool,
    targets: Vec<(Square, Square)>,
}

impl BoardState {
    fn parse(buttons: &[(String, String)]) -> BoardState {
        let mut st = BoardState::default();
        for (_, d) in buttons {
            match Callback::decode(d) {
                Ok(Callback::Tap { game, ply, .. }) | Ok(Callback::Reset { game, ply }) => {
                    st.game = Some(game.0);
                    st.ply = Some(ply);
                }
                Ok(Callback::Move {
                    game,
                    ply,
                    from,
                    to,
                    ..
                }) => {
                    st.game = Some(game.0);
                    st.ply = Some(ply);
                    st.targets.push((from, to));
                }
                Ok(Callback::Rematch { game }) | Ok(Callback::Export { game, .. }) => {
                    st.game = Some(game.0);
                    st.finished = true;
                }
                _ => {}
            }
        }
        st
    }
}

/// The last move a caption names, read against `before` (the position it was played from):
/// the last token of a line that parses as a path.
pub fn caption_move(caption: &str, before: &crate::engine::Position) -> Option<Path> {
    caption.lines().rev().find_map(|line| {
        let token = line.split_whitespace().last()?;
        if !token.contains('-') {
            return None;
        }
        parse_move(before, token).ok()
    })
}

/// A move for the side to move: mostly towards its target corner, sometimes any legal move;
/// never a losing return home (that would need a confirmation).
pub fn choose_move(game: &Game, rng: &mut Rng) -> Option<Path> {
    let pos = game.position();
    let side = pos.side_to_move();
    let target = pos.variant().target(side);
    if target.is_empty() {
        return None;
    }
    let (tx, ty) = target.iter().fold((0i32, 0i32), |(x, y), s| {
        (x + i32::from(s.file), y + i32::from(s.rank))
    });
    let n = target.len() as i32;
    let dist = |s: Square| {
        (2 * n * i32::from(s.file) - 2 * tx).abs() + (2 * n * i32::from(s.rank) - 2 * ty).abs()
    };
    let legal = game.legal_moves();
    let mut moves: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| !pos.is_return_home(*m))
        .collect();
    if moves.is_empty() {
        moves = legal;
    }
    if moves.is_empty() {
        return None;
    }
    moves.sort_by_key(|m| dist(m.to) - dist(m.from));
    let pick = if rng.index(10) < 8 {
        rng.index(moves.len().min(3))
    } else {
        rng.index(moves.len())
    };
    pos.path(moves[pick]).ok()
}

/// The driver: the population, the bot's event stream and the counters.
pub struct Driver<'a> {
    api: &'a FakeApi,
    events: UnboundedReceiver<Event>,
    cfg: SimConfig,
    rng: Rng,
    users: Vec<TgUser>,
    chats: Vec<TgChat>,
    slots: Vec<Slot>,
    by_board: HashMap<(i64, i64), usize>,
    by_user: HashMap<i64, usize>,
    by_update: HashMap<i64, usize>,
    /// Taps not yet answered: update id → (callback id, when delivered).
    taps: HashMap<i64, (String, Option<Instant>)>,
    /// Callback id → update id of the taps in `taps`.
    tap_ids: HashMap<String, i64>,
    ready: VecDeque<usize>,
    rematch: VecDeque<(Instant, usize)>,
    budget: f64,
    last_tick: Instant,
    last_scan: Instant,
    last_rss: Instant,
    /// Whether new moves are made (false while setting up and draining).
    pub playing: bool,
    measuring: bool,
    outages: Vec<(Instant, Instant)>,
    commands_set: u64,
    /// `getUpdates` answers that carried updates.
    deliveries: u64,
    pid: Option<u32>,
    /// Counters.
    pub stats: SimStats,
}

const VARIANT: VariantId = VariantId::Classic;

impl<'a> Driver<'a> {
    /// Lay out the population (nothing is sent yet).
    pub fn new(api: &'a FakeApi, events: UnboundedReceiver<Event>, cfg: SimConfig) -> Driver<'a> {
        let mut users = Vec::new();
        let mut chats = Vec::new();
        let mut slots = Vec::new();
        let private = cfg.private_chats.min(cfg.games).min(cfg.chats);
        let groups = cfg.chats.saturating_sub(private).max(1);
        let now = Instant::now();
        let lang = |i: usize| if i % 4 == 3 { "ru" } else { "en" };
        let new_slot = |chat, humans: Vec<usize>, program| Slot {
            chat,
            humans,
            program,
            board: None,
            game_id: None,
            mirror: None,
            colours: [None, None],
            phase: Phase::Queued,
            since: now,
            pending: None,
            tries: 0,
            history: Vec::new(),
        };
        for i in 0..private {
            let u = TgUser::new(2_000_000 + i as i64, &format!("P{i}"), lang(i));
            users.push(u.clone());
            chats.push(TgChat::Private(u));
            slots.push(new_slot(chats.len() - 1, vec![users.len() - 1], true));
        }
        let first_group = chats.len();
        let group_games = cfg.games - private;
        if group_games > 0 {
            for k in 0..groups {
                chats.push(TgChat::Group(
                    -1_000_000_000_000 - k as i64,
                    format!("Load group {k}"),
                ));
            }
        }
        for j in 0..group_games {
            let chat = first_group + j % groups;
            let l = lang(j / groups);
            for side in 0..2 {
                let id = 3_000_000 + 2 * j as i64 + side;
                users.push(TgUser::new(id, &format!("G{j}s{side}"), l));
            }
            let n = users.len();
            slots.push(new_slot(chat, vec![n - 2, n - 1], false));
        }
        let mut by_user = HashMap::new();
        for (s, slot) in slots.iter().enumerate() {
            for &u in &slot.humans {
                by_user.insert(users[u].id, s);
            }
        }
        Driver {
            api,
            events,
            rng: Rng::new(cfg.seed),
            cfg,
            users,
            chats,
            slots,
            by_board: HashMap::new(),
            by_user,
            by_update: HashMap::new(),
            taps: HashMap::new(),
            tap_ids: HashMap::new(),
            ready: VecDeque::new(),
            rematch: VecDeque::new(),
            budget: 0.0,
            last_tick: now,
            last_scan: now,
            last_rss: now,
            playing: false,
            measuring: false,
            outages: Vec::new(),
            commands_set: 0,
            deliveries: 0,
            pid: None,
            stats: SimStats::default(),
        }
    }

    /// Chats in use (private, then groups).
    pub fn chat_count(&self) -> usize {
        self.chats.len()
    }

    /// The bot process to sample memory from.
    pub fn set_pid(&mut self, pid: Option<u32>) {
        self.pid = pid;
    }

    /// Start or stop counting moves and latencies.
    pub fn set_measuring(&mut self, on: bool) {
        self.measuring = on;
    }

    /// The bot was down between these instants: latencies spanning it are left out.
    pub fn add_outage(&mut self, from: Instant, to: Instant) {
        self.outages.push((from, to));
    }

    /// Every game the driver saw, with the moves it saw acknowledged.
    pub fn tracked(&self) -> Vec<TrackedGame> {
        let mut out = Vec::new();
        for s in &self.slots {
            out.extend(s.history.iter().cloned());
            if let (Some(id), Some(m)) = (s.game_id, &s.mirror)
                && !s.history.iter().any(|h| h.id == id)
            {
                out.push(TrackedGame {
                    id,
                    chat: self.chats[s.chat].id(),
                    acked: m.moves().to_vec(),
                    may_have_more: self.extra_allowed(s),
                });
            }
        }
        out
    }

    fn extra_allowed(&self, s: &Slot) -> u32 {
        u32::from(s.pending.is_some()) + u32::from(s.program)
    }

    fn error(&mut self, kind: &str, detail: String) {
        let n = self.stats.errors.entry(kind.to_string()).or_default();
        *n += 1;
        // The first few of every kind, so a rare kind is not hidden behind many timeouts.
        if *n <= 8 {
            self.stats.samples.push(format!("{kind}: {detail}"));
        }
    }

    /// Wait until the bot registered its commands `n` times in total (it does so at every
    /// start, in two languages), i.e. it is up.
    pub async fn wait_started(&mut self, n: u64, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        while self.commands_set < n {
            if !self.pump_once(end).await {
                return false;
            }
        }
        true
    }

    /// Wait until the bot fetches updates again (a `getUpdates` answer carries some), for
    /// at most `timeout`: a restarted bot that registered its commands may still not poll.
    pub async fn wait_polling(&mut self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        let seen = self.deliveries;
        while self.deliveries == seen {
            if !self.pump_once(end).await {
                return false;
            }
        }
        true
    }

    /// Create every game: open challenges in groups (accepted by the second person) and
    /// `/play` in private chats (a colour picked by tapping). Returns when all boards are
    /// posted or `timeout` passes (false then).
    pub async fn setup(&mut self, timeout: Duration) -> bool {
        let t0 = Instant::now();
        let end = t0 + timeout;
        let n = self.slots.len();
        // Chat by chat in turn (every chat's first game, then every chat's second...): a
        // chat takes about a call a second, so its games started together would queue.
        let mut order: Vec<usize> = (0..n).collect();
        let mut rank = HashMap::new();
        let ranks: Vec<usize> = self
            .slots
            .iter()
            .map(|slot| {
                let r = rank.entry(slot.chat).or_insert(0usize);
                *r += 1;
                *r
            })
            .collect();
        order.sort_by_key(|&s| (ranks[s], self.slots[s].chat));
        let mut started = 0;
        while started < n
            || self
                .slots
                .iter()
                .any(|s| matches!(s.phase, Phase::Setup | Phase::Queued))
        {
            let due = if self.cfg.setup_rate > 0.0 {
                ((t0.elapsed().as_secs_f64() * self.cfg.setup_rate) as usize + 1).min(n)
            } else {
                n
            };
            for &s in &order[started.min(due)..due] {
                self.start_game(s);
            }
            started = started.max(due);
            if !self.pump_once(end).await {
                return false;
            }
        }
        true
    }

    fn start_game(&mut self, s: usize) {
        let slot = &mut self.slots[s];
        slot.phase = Phase::Setup;
        slot.since = Instant::now();
        let chat = self.chats[slot.chat].clone();
        let u = self.users[slot.humans[0]].clone();
        if slot.program {
            let text = format!("/play {} {}", VARIANT.id(), self.cfg.program_level);
            self.api.push_text(&chat, &u, &text, None, Vec::new());
        } else {
            self.api.push_text(
                &chat,
                &u,
                &format!("/new {}", VARIANT.id()),
                None,
                Vec::new(),
            );
        }
    }

    /// Play (if [`Driver::playing`]) for `d`.
    pub async fn run_for(&mut self, d: Duration) {
        let end = Instant::now() + d;
        while self.pump_once(end).await {}
    }

    /// Let the bot answer everything in flight (no new moves); false if `timeout` passed
    /// first.
    pub async fn drain(&mut self, timeout: Duration) -> bool {
        self.playing = false;
        let end = Instant::now() + timeout;
        loop {
            let busy = self
                .slots
                .iter()
                .any(|s| matches!(s.phase, Phase::Selecting | Phase::Moving | Phase::Program));
            if !busy {
                return true;
            }
            if !self.pump_once(end).await {
                return false;
            }
        }
    }

    /// Slots that fell out of step.
    pub fn dead_slots(&self) -> usize {
        self.slots.iter().filter(|s| s.phase == Phase::Dead).count()
    }

    /// Handle one event or one tick; false once `end` has passed.
    async fn pump_once(&mut self, end: Instant) -> bool {
        let now = Instant::now();
        if now >= end {
            return false;
        }
        let tick = Duration::from_millis(2);
        let wake = (now + tick).min(end);
        tokio::select! {
            ev = self.events.recv() => {
                if let Some(ev) = ev {
                    self.on_event(ev);
                    // Take whatever else is queued before ticking.
                    while let Ok(ev) = self.events.try_recv() {
                        self.on_event(ev);
                    }
                }
            }
            _ = tokio::time::sleep_until(wake.into()) => {}
        }
        self.tick();
        true
    }

    fn tick(&mut self) {
        let now = Instant::now();
        let dt = now.duration_since(self.last_tick).as_secs_f64();
        self.last_tick = now;
        if self.playing {
            if self.cfg.rate > 0.0 {
                self.budget = (self.budget + dt * self.cfg.rate).min(self.cfg.rate * 0.05 + 1.0);
                while self.budget >= 1.0 {
                    let Some(s) = self.ready.pop_front() else {
                        break;
                    };
                    if self.slots[s].phase == Phase::Idle {
                        self.budget -= 1.0;
                        self.act(s);
                    }
                }
                if self.ready.is_empty() {
                    // No backlog: an idle budget does not accumulate into a burst.
                    self.budget = self.budget.min(1.0);
                }
            } else {
                while let Some(s) = self.ready.pop_front() {
                    if self.slots[s].phase == Phase::Idle {
                        self.act(s);
                    }
                }
            }
            while self.rematch.front().is_some_and(|(t, _)| *t <= now) {
                if let Some((_, s)) = self.rematch.pop_front() {
                    self.ask_rematch(s);
                }
            }
        }
        if now.duration_since(self.last_scan) >= Duration::from_millis(250) {
            self.last_scan = now;
            self.check_timeouts(now);
        }
        if now.duration_since(self.last_rss) >= Duration::from_millis(250) {
            self.last_rss = now;
            if let Some(m) = self.pid.and_then(memory_of) {
                self.stats.peak_rss_kib = self.stats.peak_rss_kib.max(m.rss_kib);
            }
        }
    }

    fn on_event(&mut self, ev: Event) {
        match ev {
            Event::Delivered { first, last, at } => {
                self.deliveries += 1;
                for id in first..=last {
                    if let Some(t) = self.taps.get_mut(&id)
                        && t.1.is_none()
                    {
                        t.1 = Some(at);
                    }
                    if let Some(&s) = self.by_update.get(&id)
                        && let Some(p) = self.slots[s].pending.as_mut()
                        && p.update == id
                        && p.delivered.is_none()
                    {
                        p.delivered = Some(at);
                    }
                }
            }
            Event::Call(c) => self.on_call(c),
        }
    }

    fn on_call(&mut self, c: Arc<Call>) {
        self.stats.calls += 1;
        *self
            .stats
            .calls_by_method
            .entry(c.method.clone())
            .or_default() += 1;
        let method = c.method.to_ascii_lowercase();
        // The tables' groups are the table driver's.
        if c.chat_id().is_some_and(super::tables::TableDriver::owns) {
            return;
        }
        // So are the answers to its taps: only this driver's own are read here.
        if method == "answercallbackquery"
            && !c
                .str("callback_query_id")
                .is_some_and(|id| self.tap_ids.contains_key(id))
        {
            return;
        }
        let resp = match &c.response {
            Ok(v) => v,
            Err(e) => {
                if e == "429" || e == "500" || e == "dropped" {
                    self.stats.faulted_calls += 1;
                } else if e.contains("not modified") {
                    self.stats.not_modified += 1;
                } else {
                    self.error("api", format!("{method}: {e}"));
                }
                return;
            }
        };
        match method.as_str() {
            "sendphoto" if c.text().is_some_and(|t| t.contains("Analysis of game")) => {
                self.stats.analyses_sent += 1;
            }
            "sendphoto" => self.on_board_call(&c, resp, true),
            "editmessagemedia" => self.on_board_call(&c, resp, false),
            // A selection on an 8×8 board changes only the keyboard.
            "editmessagereplymarkup" if c.buttons().iter().any(|(_, d)| d.starts_with("t:")) => {
                self.on_board_call(&c, resp, false)
            }
            "sendmessage" => self.on_message(&c, resp),
            "answercallbackquery" => {
                if let Some(u) = c
                    .str("callback_query_id")
                    .and_then(|id| self.tap_ids.remove(id))
                    && let Some((_, Some(d))) = self.taps.remove(&u)
                    && self.measuring
                {
                    self.stats
                        .answer_us
                        .push(c.at.saturating_duration_since(d).as_micros() as u64);
                }
                let alert = match c.params.get("show_alert") {
                    Some(Value::Bool(b)) => *b,
                    Some(Value::String(s)) => s == "true",
                    _ => false,
                };
                if alert {
                    self.error("alert", c.str("text").unwrap_or("").to_string());
                }
            }
            "setmycommands" => self.commands_set += 1,
            "sendanimation" | "senddocument" => self.stats.replays += 1,
            _ => {}
        }
    }

    fn on_board_call(&mut self, c: &Call, resp: &Value, posted: bool) {
        let Some(chat) = c.chat_id() else { return };
        let msg = if posted {
            resp.get("message_id").and_then(Value::as_i64)
        } else {
            c.int("message_id")
        };
        let Some(msg) = msg else { return };
        // A keyboard-only edit carries no caption: the message's own is in the answer.
        let caption = c
            .text()
            .or_else(|| {
                resp.get("caption")
                    .and_then(Value::as_str)
                    .map(str::to_string)
            })
            .unwrap_or_default();
        let st = BoardState::parse(&c.buttons());
        let slot = if posted {
            self.slot_for_board(chat, &caption)
        } else {
            self.by_board.get(&(chat, msg)).copied()
        };
        let Some(s) = slot else {
            self.error("unknown board", format!("chat {chat} message {msg}"));
            return;
        };
        if posted {
            // A new board for the same game (posted again) keeps the old one mapped: the
            // bot may still edit it.
            let same_game = st.game.is_some() && st.game == self.slots[s].game_id;
            if let Some(old) = self.slots[s].board.replace(msg)
                && !same_game
            {
                self.by_board.remove(&(chat, old));
            }
            self.by_board.insert((chat, msg), s);
        }
        self.on_board(s, st, &caption, Some(c.at), posted);
    }

    fn slot_for_board(&self, chat: i64, caption: &str) -> Option<usize> {
        let first_line = caption.lines().next().unwrap_or("");
        let mut ids = mentioned_ids(first_line);
        if chat > 0 {
            ids.push(chat);
        }
        ids.into_iter()
            .filter_map(|id| self.by_user.get(&id).copied())
            .find(|&s| self.chats[self.slots[s].chat].id() == chat)
    }

    /// White's and Black's user (None for the program) from a caption's first line.
    fn colours_from(&self, caption: &str) -> [Option<i64>; 2] {
        let line = caption.lines().next().unwrap_or("");
        let (w, b) = line.split_once('⚫').unwrap_or((line, ""));
        [
            mentioned_ids(w).first().copied(),
            mentioned_ids(b).first().copied(),
        ]
    }

    fn sample_latency(&mut self, delivered: Option<Instant>, at: Option<Instant>) {
        let (Some(d), Some(a)) = (delivered, at) else {
            return;
        };
        if !self.measuring || self.outages.iter().any(|(f, t)| d < *t && a > *f) {
            return;
        }
        self.stats
            .latency_us
            .push(a.saturating_duration_since(d).as_micros() as u64);
    }

    fn on_board(
        &mut self,
        s: usize,
        st: BoardState,
        caption: &str,
        at: Option<Instant>,
        posted: bool,
    ) {
        let now = Instant::now();
        if st.game.is_some() && st.game != self.slots[s].game_id {
            if !posted {
                // A late edit of a game this slot has left behind.
                return;
            }
            self.new_game(s, &st, caption, now);
        }
        let slot = &self.slots[s];
        if matches!(slot.phase, Phase::Dead | Phase::Setup | Phase::Queued) {
            return;
        }
        let Some(mirror) = slot.mirror.as_ref() else {
            return;
        };
        if st.finished {
            if slot.phase == Phase::Over {
                return;
            }
            // The finishing move (ours or the program's) is in the caption.
            if !mirror.is_over()
                && let Some(path) = caption_move(caption, mirror.position())
            {
                self.apply(s, path, at);
            }
            let slot = &mut self.slots[s];
            slot.phase = Phase::Over;
            slot.since = now;
            self.stats.games_finished += 1;
            self.rematch.push_back((now + Duration::from_millis(20), s));
            return;
        }
        let Some(ply) = st.ply else { return };
        let plies = mirror.plies() as u32;
        if ply == plies + 2
            && matches!(slot.phase, Phase::Moving | Phase::Selecting)
            && slot.program
        {
            // The first board after our move shows the program's answer too (it was quick,
            // the two edits coalesced while one waited, or our own edit was lost in a
            // restart).
            if let Some(p) = self.slots[s].pending.clone() {
                self.apply(s, p.path, at);
            }
        }
        let slot = &self.slots[s];
        let Some(mirror) = slot.mirror.as_ref() else {
            return;
        };
        let plies = mirror.plies() as u32;
        if ply == plies + 1 {
            let Some(path) = caption_move(caption, mirror.position()) else {
                let detail = format!("game {:?} ply {ply}: no move in {caption:?}", st.game);
                self.slots[s].phase = Phase::Dead;
                self.error("caption", detail);
                return;
            };
            self.apply(s, path, at);
            self.next_turn(s, at.unwrap_or(now));
        } else if ply == plies {
            let selecting = slot.phase == Phase::Selecting
                && slot
                    .pending
                    .as_ref()
                    .is_some_and(|p| st.targets.iter().any(|(f, _)| *f == p.path.from()));
            if selecting && let Some(p) = self.slots[s].pending.clone() {
                self.sample_latency(p.delivered, at);
                self.by_update.remove(&p.update);
                if st.targets.contains(&(p.path.from(), p.path.to())) {
                    let data = Callback::Move {
                        game: crate::game::GameId(st.game.unwrap_or_default()),
                        ply,
                        from: p.path.from(),
                        to: p.path.to(),
                        confirmed: false,
                    }
                    .encode();
                    self.send_tap(s, p.mover, &data, p.path.clone(), Phase::Moving);
                } else {
                    let detail = format!("game {:?}: {} not offered", st.game, p.path);
                    self.error("keyboard", detail);
                    self.slots[s].phase = Phase::Dead;
                }
            }
        } else if ply < plies {
            // An old board state (a late refresh): nothing to do.
        } else {
            let detail = format!("game {:?}: board at ply {ply}, expected {plies}", st.game);
            self.slots[s].phase = Phase::Dead;
            self.error("desync", detail);
        }
    }

    /// The first board of a new game on slot `s`: remember the old one, read who plays
    /// which colour.
    fn new_game(&mut self, s: usize, st: &BoardState, caption: &str, now: Instant) {
        let colours = self.colours_from(caption);
        let chat = self.chats[self.slots[s].chat].id();
        let slot = &mut self.slots[s];
        if let (Some(id), Some(m)) = (slot.game_id, &slot.mirror) {
            let extra = u32::from(slot.pending.is_some()) + u32::from(slot.program);
            slot.history.push(TrackedGame {
                id,
                chat,
                acked: m.moves().to_vec(),
                may_have_more: extra,
            });
        }
        slot.game_id = st.game;
        slot.mirror = Some(Game::new(&Variant::new(VARIANT)));
        slot.pending = None;
        slot.tries = 0;
        let users = &self.users;
        let user = |id: Option<i64>| {
            id.and_then(|id| slot.humans.iter().copied().find(|&u| users[u].id == id))
        };
        slot.colours = [user(colours[0]), user(colours[1])];
        if slot.colours.iter().flatten().count() != slot.humans.len() {
            slot.phase = Phase::Dead;
            let detail = format!("game {:?}: players not recognised in {caption:?}", st.game);
            self.error("setup", detail);
            return;
        }
        self.stats.games_started += 1;
        self.next_turn(s, now);
    }

    /// Play `path` (as the bot showed it) on the slot's copy, acknowledging our move.
    fn apply(&mut self, s: usize, path: Path, at: Option<Instant>) {
        let slot = &mut self.slots[s];
        let Some(mirror) = slot.mirror.as_mut() else {
            return;
        };
        let side = mirror.side_to_move();
        let by_program = slot.colours[side.index()].is_none();
        if let Err(e) = mirror.play_squares(path.squares()) {
            let detail = format!("game {:?}: {path}: {e}", slot.game_id);
            slot.phase = Phase::Dead;
            self.error("illegal", detail);
            return;
        }
        if self.measuring {
            self.stats.moves += 1;
        }
        self.stats.moves_total += 1;
        if by_program {
            self.stats.program_moves += 1;
            if slot.phase == Phase::Program
                && let Some(a) = at
                && self.measuring
            {
                let us = a.saturating_duration_since(slot.since).as_micros() as u64;
                self.stats.program_us.push(us);
            }
            return;
        }
        match slot.pending.take() {
            Some(p) if p.path.as_move() == path.as_move() => {
                self.by_update.remove(&p.update);
                if at.is_none() {
                    self.stats.late_acks += 1;
                }
                self.sample_latency(p.delivered, at);
            }
            Some(p) => {
                self.by_update.remove(&p.update);
                let detail = format!("sent {}, the board shows {path}", p.path);
                self.error("wrong move", detail);
            }
            None => self.error("unexpected move", format!("{path}")),
        }
    }

    fn next_turn(&mut self, s: usize, at: Instant) {
        let slot = &mut self.slots[s];
        if slot.phase == Phase::Dead {
            return;
        }
        let Some(m) = slot.mirror.as_ref() else {
            return;
        };
        slot.since = at;
        slot.tries = 0;
        if m.is_over() {
            // The bot's edit will say so (finished keyboard); wait for it.
            slot.phase = Phase::Program;
            return;
        }
        if slot.user_of(m.side_to_move()).is_some() {
            slot.phase = Phase::Idle;
            self.ready.push_back(s);
        } else {
            slot.phase = Phase::Program;
        }
    }

    /// Make the next move of slot `s`: by taps or typed (a reply to the board, `/m`, or in
    /// a private chat plain text; full paths or `from-to` shorthand).
    fn act(&mut self, s: usize) {
        let slot = &self.slots[s];
        let (Some(m), Some(game), Some(_)) = (&slot.mirror, slot.game_id, slot.board) else {
            return;
        };
        let side = m.side_to_move();
        let Some(mover) = slot.user_of(side) else {
            return;
        };
        // A retry after a timeout sends the same move again, as a person would: the first
        // copy may still be on its way, and a different move would race it (the board
        // then showed the first one, which the driver counted as a wrong move).
        let retry = slot
            .pending
            .as_ref()
            .map(|p| p.path.clone())
            .filter(|p| m.check(p.squares()).is_ok());
        let Some(path) = retry.or_else(|| choose_move(m, &mut self.rng)) else {
            return;
        };
        let ply = m.plies() as u32;
        if (self.rng.index(1000) as f64) < self.cfg.tap_share * 1000.0 {
            let data = Callback::Tap {
                game: crate::game::GameId(game),
                ply,
                square: path.from(),
            }
            .encode();
            self.send_tap(s, mover, &data, path, Phase::Selecting);
        } else {
            let text = if self.rng.index(2) == 0 {
                path.to_string()
            } else {
                format!("{}-{}", path.from(), path.to())
            };
            self.send_text(s, mover, &text, path);
        }
    }

    /// Push a tap and follow it until its answer (for the tap → answer figure).
    fn track_tap(&mut self, chat: &TgChat, from: &TgUser, message: i64, data: &str) -> Pushed {
        let p = self.api.push_tap(chat, from, message, data);
        if let Some(cb) = &p.callback_id {
            if self.taps.len() > 100_000 {
                self.taps.clear();
                self.tap_ids.clear();
            }
            self.taps.insert(p.update_id, (cb.clone(), None));
            self.tap_ids.insert(cb.clone(), p.update_id);
        }
        p
    }

    fn send_tap(&mut self, s: usize, mover: usize, data: &str, path: Path, phase: Phase) {
        let slot = &self.slots[s];
        let Some(board) = slot.board else { return };
        let chat = self.chats[slot.chat].clone();
        let user = self.users[mover].clone();
        let p = self.track_tap(&chat, &user, board, data);
        self.pending(s, mover, p.update_id, path, phase);
    }

    fn send_text(&mut self, s: usize, mover: usize, text: &str, path: Path) {
        let slot = &self.slots[s];
        let Some(board) = slot.board else { return };
        let chat = self.chats[slot.chat].clone();
        let user = &self.users[mover];
        let p = if chat.id() > 0 {
            self.api.push_text(&chat, user, text, None, Vec::new())
        } else if self.rng.index(2) == 0 {
            self.api
                .push_text(&chat, user, text, Some(board), Vec::new())
        } else {
            self.api
                .push_text(&chat, user, &format!("/m {text}"), None, Vec::new())
        };
        self.pending(s, mover, p.update_id, path, Phase::Moving);
    }

    fn pending(&mut self, s: usize, mover: usize, update: i64, path: Path, ph: Phase) {
        let slot = &mut self.slots[s];
        let tries = slot.pending.as_ref().map_or(0, |p| p.tries);
        slot.pending = Some(Pending {
            path,
            mover,
            update,
            delivered: None,
            tries,
        });
        slot.phase = ph;
        slot.since = Instant::now();
        self.by_update.insert(update, s);
    }

    fn ask_rematch(&mut self, s: usize) {
        let slot = &mut self.slots[s];
        if slot.phase != Phase::Over {
            return;
        }
        let (Some(game), Some(board)) = (slot.game_id, slot.board) else {
            return;
        };
        slot.phase = Phase::Setup;
        slot.since = Instant::now();
        let chat = self.chats[slot.chat].clone();
        let data = Callback::Rematch {
            game: crate::game::GameId(game),
        }
        .encode();
        let u = self.users[slot.humans[0]].clone();
        self.track_tap(&chat, &u, board, &data);
    }

    fn on_message(&mut self, c: &Call, resp: &Value) {
        let Some(chat) = c.chat_id() else { return };
        let text = c.text().unwrap_or_default();
        let buttons = c.buttons();
        let mid = resp.get("message_id").and_then(Value::as_i64).unwrap_or(0);
        if let Some((_, data)) = buttons
            .iter()
            .find(|(_, d)| d.starts_with("c:") && d.ends_with(":1"))
        {
            // A challenge (new game or rematch): the other person accepts.
            let creator = mentioned_ids(&text).first().copied();
            let slot = creator
                .and_then(|u| self.by_user.get(&u).copied())
                .filter(|&s| self.chats[self.slots[s].chat].id() == chat);
            if let (Some(s), Some(creator)) = (slot, creator) {
                let other = self.slots[s]
                    .humans
                    .iter()
                    .copied()
                    .find(|&u| self.users[u].id != creator);
                if let Some(o) = other {
                    let chat = self.chats[self.slots[s].chat].clone();
                    let user = self.users[o].clone();
                    self.track_tap(&chat, &user, mid, data);
                }
            } else {
                self.error("challenge", format!("unknown challenger in {text:?}"));
            }
            return;
        }
        let colours: Vec<String> = buttons
            .iter()
            .filter(|(_, d)| d.starts_with("p:") && !d.ends_with(":-"))
            .map(|(_, d)| d.clone())
            .collect();
        if !colours.is_empty()
            && let Some(&s) = self.by_user.get(&chat)
        {
            let data = colours[self.rng.index(colours.len())].clone();
            let chat = self.chats[self.slots[s].chat].clone();
            let u = self.users[self.slots[s].humans[0]].clone();
            self.track_tap(&chat, &u, mid, &data);
            return;
        }
        // The answers to `/analyze` (the analysis itself is a picture).
        if text.contains("Analysing the game") || text.contains("Your analysis is in the queue") {
            return;
        }
        self.error("bot message", text.chars().take(120).collect());
    }

    /// Each of `askers` (user id, finished game id) sends `/analyze <game>` in their
    /// private chat with the bot.
    pub fn ask_analyses(&mut self, askers: &[(u64, u64)]) {
        for &(user, game) in askers {
            let u = TgUser {
                id: user as i64,
                first_name: format!("Stored {user}"),
                username: None,
                lang: Some("en".into()),
            };
            self.api
                .send_text(&TgChat::Private(u.clone()), &u, &format!("/analyze {game}"));
            self.stats.analyses_asked += 1;
        }
    }

    fn check_timeouts(&mut self, now: Instant) {
        for s in 0..self.slots.len() {
            let slot = &self.slots[s];
            let waiting = matches!(
                slot.phase,
                Phase::Setup | Phase::Selecting | Phase::Moving | Phase::Program
            );
            if !waiting || now.duration_since(slot.since) < self.cfg.ack_timeout {
                continue;
            }
            self.resync(s, now);
        }
    }

    /// No answer in time: look at the board as it is now (the bot may have answered
    /// without the driver seeing it, e.g. around a restart), then try again.
    fn resync(&mut self, s: usize, now: Instant) {
        let phase = self.slots[s].phase;
        self.slots[s].tries += 1;
        self.slots[s].since = now;
        if self.slots[s].tries > 6 {
            let detail = format!("game {:?} in {phase:?}", self.slots[s].game_id);
            self.slots[s].phase = Phase::Dead;
            self.error("stuck", detail);
            return;
        }
        let chat_id = self.chats[self.slots[s].chat].id();
        if phase == Phase::Setup {
            // A challenge or rematch that did not come: open a new game instead.
            self.error("timeout", format!("setup of a game in chat {chat_id}"));
            self.start_game(s);
            return;
        }
        let Some(board) = self.slots[s].board else {
            return;
        };
        if let Some(m) = self.api.message(chat_id, board) {
            let caption = m
                .json
                .get("caption")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            let st = BoardState::parse(&keyboard_buttons(m.json.get("reply_markup")));
            self.on_board(s, st, &caption, None, false);
        }
        let slot = &self.slots[s];
        if slot.phase != phase {
            return;
        }
        match (phase, slot.pending.clone()) {
            (Phase::Selecting | Phase::Moving, Some(mut p)) => {
                self.stats.resent += 1;
                p.tries += 1;
                self.by_update.remove(&p.update);
                self.slots[s].pending = Some(p);
                // Start the move again from the beginning.
                self.slots[s].phase = Phase::Idle;
                self.ready.push_front(s);
                self.error("timeout", format!("move in chat {chat_id}"));
            }
            (Phase::Program, _) => {
                self.error("timeout", format!("program's move in chat {chat_id}"));
            }
            _ => {}
        }
    }
}
