//! Hostile input: one user ("Mallory") floods the bot with malformed and forged button
//! data, 4,096-character messages, Unicode junk and command spam, while other people keep
//! playing. The bot must not panic, must answer every button press, must change no game
//! (Mallory's own game included: nothing she sends is a legal move), must keep its memory
//! bounded, and must limit Mallory's expensive actions (pictures, new games, challenges,
//! store scans) to its per-user budget so the others are not starved. At a table of three
//! she sits in (and has left), her forged, stale and foreign lobby and picker buttons,
//! turns for other seats and for her own left seat, and leaving twice change nothing.

use super::check::{CheckReport, verify};
use super::mentioned_ids;
use super::process::{BotProcess, BotSpec, panics_in_log};
use super::sim::{caption_move, choose_move};
use super::{LoadError, Percentiles, Rng, TrackedGame, in_scratch};
use crate::bot::callback::Callback;
use crate::engine::{Game, Variant, VariantId};
use crate::fakeapi::{Call, FakeApi, TgChat, TgUser};
use crate::game::{ChallengeId, GameId};
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The flood's size and the bot's limit.
#[derive(Clone, Debug)]
pub struct AbuseConfig {
    /// The `ugolki` executable.
    pub bot_exe: PathBuf,
    /// Malformed and forged button presses.
    pub callbacks: usize,
    /// 4,096-character messages.
    pub long_messages: usize,
    /// Messages of Unicode junk.
    pub junk: usize,
    /// Commands.
    pub commands: usize,
    /// Moves the other people make during the flood (each waits for its board).
    pub victim_moves: usize,
    /// The bot's `--actions-per-minute`.
    pub actions_per_minute: u32,
    /// `--board-px`.
    pub board_px: u32,
    /// Seed.
    pub seed: u64,
    /// Keep the data directory afterwards.
    pub keep_data: bool,
}

impl AbuseConfig {
    /// Thousands of hostile updates against the default limit of 40 actions a minute.
    pub fn standard(bot_exe: PathBuf) -> AbuseConfig {
        AbuseConfig {
            bot_exe,
            callbacks: 3000,
            long_messages: 200,
            junk: 500,
            commands: 1000,
            victim_moves: 20,
            actions_per_minute: 40,
            board_px: 720,
            seed: 7,
            keep_data: false,
        }
    }
}

/// What the flood did.
#[derive(Clone, Debug, Default)]
pub struct AbuseReport {
    /// Hostile updates sent.
    pub sent: usize,
    /// Of which button presses.
    pub callbacks: usize,
    /// Presses answered exactly once.
    pub answered_once: usize,
    /// Presses answered more than once.
    pub answered_twice: usize,
    /// From the first hostile update to the bot having answered everything.
    pub flood_secs: f64,
    /// Pictures drawn in Mallory's chats during the flood (boards, replays).
    pub pictures: usize,
    /// Text messages the bot sent to Mallory's chats during the flood.
    pub messages: usize,
    /// Challenges opened by Mallory's spam.
    pub challenges: usize,
    /// The limit the bot ran with.
    pub limit: u32,
    /// The other people's moves: sent → board shown, before the flood.
    pub victims_before: Percentiles,
    /// The same during the flood.
    pub victims_during: Percentiles,
    /// Bot memory before and after the flood, and its peak (KiB).
    pub rss_before_kib: u64,
    /// After.
    pub rss_after_kib: u64,
    /// `VmHWM` at the end.
    pub hwm_kib: u64,
    /// Panics in the bot's log.
    pub panics: usize,
    /// How the bot stopped.
    pub bot_exit: String,
    /// The store and boards afterwards.
    pub check: CheckReport,
    /// Anything wrong besides the check.
    pub problems: Vec<String>,
}

impl AbuseReport {
    /// The report as text.
    pub fn render(&self) -> String {
        let mb = |k: u64| k as f64 / 1024.0;
        let mut out = vec![
            format!(
                "flood: {} hostile updates ({} button presses) answered in {:.1} s",
                self.sent, self.callbacks, self.flood_secs
            ),
            format!(
                "button presses answered exactly once: {} of {} ({} twice)",
                self.answered_once, self.callbacks, self.answered_twice
            ),
            format!(
                "the abuser's cost to the bot: {} pictures, {} messages, {} challenges (limit {} actions a minute)",
                self.pictures, self.messages, self.challenges, self.limit
            ),
            format!("others' moves before the flood: {}", self.victims_before),
            format!("others' moves during the flood: {}", self.victims_during),
            format!(
                "bot memory: VmRSS {:.1} MB before, {:.1} MB after, VmHWM {:.1} MB",
                mb(self.rss_before_kib),
                mb(self.rss_after_kib),
                mb(self.hwm_kib)
            ),
            format!(
                "bot: {} on SIGTERM, {} panics in its log",
                self.bot_exit, self.panics
            ),
            self.check.summary(),
        ];
        for p in self.problems.iter().chain(&self.check.problems).take(30) {
            out.push(format!("  problem: {p}"));
        }
        out.join("\n")
    }

    /// Whether everything held.
    pub fn clean(&self) -> bool {
        self.problems.is_empty() && self.check.problems.is_empty() && self.panics == 0
    }
}

const WAIT: Duration = Duration::from_secs(20);

/// A game seat the scenario plays.
struct Seat {
    chat: TgChat,
    board: i64,
    game: u64,
    players: [Option<TgUser>; 2],
    mirror: Game,
}

fn err(what: &str) -> LoadError {
    LoadError::Setup(what.to_string())
}

fn message_id(c: &Call) -> Option<i64> {
    c.response.as_ref().ok()?.get("message_id")?.as_i64()
}

fn game_of(c: &Call) -> Option<u64> {
    c.buttons()
        .iter()
        .find_map(|(_, d)| match Callback::decode(d) {
            Ok(Callback::Tap { game, .. }) => Some(game.0),
            _ => None,
        })
}

/// The board `what` (a game's name, for the error) posted into `chat` after call `from`.
async fn board_posted(api: &FakeApi, from: u64, chat: i64, what: &str) -> Result<Call, LoadError> {
    api.wait_for(from, WAIT, |c| {
        c.is("SendPhoto") && c.chat_id() == Some(chat) && c.response.is_ok()
    })
    .await
    .ok_or_else(|| err(&format!("no board was posted for {what}")))
}

fn seat_from(board: &Call, chat: TgChat, people: &[TgUser]) -> Result<Seat, LoadError> {
    let caption = board.text().unwrap_or_default();
    let line = caption.lines().next().unwrap_or("").to_string();
    let (w, b) = line.split_once('⚫').unwrap_or((line.as_str(), ""));
    let find = |part: &str| {
        let id = mentioned_ids(part).first().copied();
        people.iter().find(|u| Some(u.id) == id).cloned()
    };
    Ok(Seat {
        chat,
        board: message_id(board).ok_or_else(|| err("board without id"))?,
        game: game_of(board).ok_or_else(|| err("board without keyboard"))?,
        players: [find(w), find(b)],
        mirror: Game::new(&Variant::new(VariantId::Classic)),
    })
}

async fn group_game(
    api: &FakeApi,
    chat: &TgChat,
    a: &TgUser,
    b: &TgUser,
) -> Result<Seat, LoadError> {
    let c0 = api.call_count();
    api.send_text(chat, a, "/new classic");
    let ch = api
        .wait_for(c0, WAIT, |c| {
            c.is("SendMessage")
                && c.chat_id() == Some(chat.id())
                && c.buttons().iter().any(|(_, d)| d.starts_with("c:"))
        })
        .await
        .ok_or_else(|| err("no challenge"))?;
    let accept = ch
        .buttons()
        .into_iter()
        .find(|(_, d)| d.starts_with("c:") && d.ends_with(":1"))
        .map(|(_, d)| d)
        .ok_or_else(|| err("no accept button"))?;
    let c1 = api.call_count();
    api.tap(chat, b, message_id(&ch).unwrap_or(0), &accept);
    let board = board_posted(api, c1, chat.id(), "the group game").await?;
    seat_from(&board, chat.clone(), &[a.clone(), b.clone()])
}

async fn program_game(api: &FakeApi, u: &TgUser) -> Result<Seat, LoadError> {
    let chat = TgChat::Private(u.clone());
    let c0 = api.call_count();
    api.send_text(&chat, u, "/play classic 1");
    let menu = api
        .wait_for(c0, WAIT, |c| {
            c.is("SendMessage")
                && c.chat_id() == Some(u.id)
                && c.buttons().iter().any(|(_, d)| d.starts_with("p:"))
        })
        .await
        .ok_or_else(|| err("no colour menu"))?;
    let c1 = api.call_count();
    api.tap(&chat, u, message_id(&menu).unwrap_or(0), "p:classic:w:1");
    let board = board_posted(api, c1, u.id, "the game against the program").await?;
    seat_from(&board, chat, std::slice::from_ref(u))
}

/// The ply a board call's keyboard was drawn for (`None` for a finished game).
fn board_ply(c: &Call) -> Option<u32> {
    c.buttons()
        .iter()
        .find_map(|(_, d)| match Callback::decode(d) {
            Ok(Callback::Tap { ply, .. }) | Ok(Callback::Reset { ply, .. }) => Some(ply),
            _ => None,
        })
}

/// One move of the person to move, typed (a reply to the board in groups); waits for the
/// board to show it (and the program's answer, which the same edit may already show).
/// Returns the time to the first edit.
async fn play(api: &FakeApi, seat: &mut Seat, rng: &mut Rng) -> Result<Duration, LoadError> {
    let side = seat.mirror.side_to_move();
    let mover = seat.players[side.index()]
        .clone()
        .ok_or_else(|| err("the program is to move"))?;
    let path = choose_move(&seat.mirror, rng).ok_or_else(|| err("no move"))?;
    let chat = seat.chat.id();
    let board = seat.board;
    let before = seat.mirror.plies() as u32;
    let c0 = api.call_count();
    let t0 = Instant::now();
    let reply = (chat < 0).then_some(board);
    api.push_text(&seat.chat, &mover, &path.to_string(), reply, Vec::new());
    let moved = |c: &Call| {
        c.is("EditMessageMedia")
            && c.chat_id() == Some(chat)
            && c.int("message_id") == Some(board)
            && c.response.is_ok()
            && board_ply(c).is_none_or(|p| p > before)
    };
    let edit = api
        .wait_for(c0, WAIT, moved)
        .await
        .ok_or_else(|| err(&format!("move {path} in chat {chat} was not shown")))?;
    let took = edit.at.saturating_duration_since(t0);
    seat.mirror
        .play_squares(path.squares())
        .map_err(|e| err(&e.to_string()))?;
    let reply_side = seat.mirror.side_to_move();
    if seat.players[reply_side.index()].is_none() && !seat.mirror.is_over() {
        // The program's answer: on this edit already, or on the next one.
        let answer = if board_ply(&edit).is_some_and(|p| p > before + 1) {
            edit
        } else {
            api.wait_for(edit.seq + 1, WAIT, |c| {
                moved(c) && board_ply(c).is_none_or(|p| p > before + 1)
            })
            .await
            .ok_or_else(|| err("the program did not answer"))?
        };
        let caption = answer.text().unwrap_or_default();
        let p = caption_move(&caption, seat.mirror.position())
            .ok_or_else(|| err("the program's move is not on the board"))?;
        seat.mirror
            .play_squares(p.squares())
            .map_err(|e| err(&e.to_string()))?;
    }
    Ok(took)
}

/// Unicode that has broken bots: direction overrides, zero-width joiners, combining marks,
/// look-alike letters, NUL, noncharacters, emoji sequences.
const JUNK: &[&str] = &[
    "\u{202e}c3-d3",
    "c3\u{200b}-\u{200d}d3",
    "e\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}",
    "👨\u{200d}👩\u{200d}👧\u{200d}👦",
    "\u{feff}\u{fffe}\u{ffff}",
    "\u{0}\u{1}\u{7f}",
    "ｃ３－ｅ５",
    "с3-е5",
    "🏳\u{fe0f}\u{200d}🌈 c3",
    "\u{2066}a1\u{2069}-\u{2067}h8\u{2069}",
    "ℂ③⁻ℯ⑤",
    "c3-d3-e3-f3-g3-h3-h4-h5-h6-h7-h8-g8-f8-e8-d8-c8-b8-a8-a7-a6",
    "/m \u{202e}zz",
    "/\u{200b}help",
    "/start c99999999999999999999999",
    "/start c-1",
    "/challenge @\u{202e}x",
    "/rules \u{0}",
    "/play 99",
    "/new 100+100",
    "/new 99999999999999999999+1",
    "/new -5+-5",
    "/m a9-z0",
    "/lang xx",
    "/top \u{ffff}",
    "/stats @",
    "/settings \u{202e}",
];

/// Commands Mallory repeats (none of them is a legal move of hers).
const COMMANDS: &[&str] = &[
    "/help",
    "/start",
    "/rules",
    "/rules nosuch",
    "/variants",
    "/board",
    "/stats",
    "/top",
    "/history",
    "/settings",
    "/m zz",
    "/m a1-h8",
    "/new",
    "/challenge @trent",
    "/play",
    "/lang ru",
    "/resign",
    "/abort",
    "/train",
];

fn random_text(rng: &mut Rng, max: usize) -> String {
    const POOL: &[char] = &[
        'a', 'h', 'z', '0', '9', ':', ':', ':', '-', 't', 'm', 'x', 'é', 'ж', '🙂', '\u{202e}',
        '\u{0}', ' ', '%', '"', '\\', '/', '{', '字',
    ];
    let n = rng.index(max + 1);
    (0..n).map(|_| POOL[rng.index(POOL.len())]).collect()
}

/// Run the scenario against the real bot.
pub async fn run(cfg: AbuseConfig) -> Result<AbuseReport, LoadError> {
    let keep = cfg.keep_data;
    let (report, _) =
        in_scratch("abuse", keep, |dir| async move { run_in(&cfg, &dir).await }).await?;
    Ok(report)
}

async fn run_in(cfg: &AbuseConfig, dir: &std::path::Path) -> Result<AbuseReport, LoadError> {
    let mut rep = AbuseReport {
        limit: cfg.actions_per_minute,
        ..AbuseReport::default()
    };
    let api = FakeApi::start()
        .await
        .map_err(|e| LoadError::Io(format!("fake Bot API: {e}")))?;
    let data = dir.join("data");
    let (bot, spec) = start_bot(cfg, dir, &api).await?;
    let mut rng = Rng::new(cfg.seed);
    let cast = Cast::new();

    // Set-up: Mallory's game (two moves each side so old plies exist), the victims' games.
    let mut gm = group_game(&api, &cast.g1, &cast.mallory, &cast.trent).await?;
    for _ in 0..4 {
        play(&api, &mut gm, &mut rng).await?;
    }
    let mut gv = group_game(&api, &cast.g2, &cast.v1, &cast.v2).await?;
    let table = table_game(&api, &cast).await?;
    let mut gp = program_game(&api, &cast.pat).await?;
    let mut before = Vec::new();
    for _ in 0..3 {
        before.push(play(&api, &mut gv, &mut rng).await?.as_micros() as u64);
        before.push(play(&api, &mut gp, &mut rng).await?.as_micros() as u64);
    }
    rep.victims_before = Percentiles::of_micros(&before);
    api.settle(Duration::from_millis(300), WAIT).await;
    rep.rss_before_kib = bot.memory().map(|m| m.rss_kib).unwrap_or(0);

    // The flood, while the others play.
    let flood_start = api.call_count();
    let t0 = Instant::now();
    let targets = Targets {
        g1: cast.g1.clone(),
        g2: cast.g2.clone(),
        gm_board: gm.board,
        gv_board: gv.board,
        gm: GameId(gm.game),
        gv: GameId(gv.game),
        gm_ply: gm.mirror.plies() as u32,
        table: table.clone(),
    };
    let callback_ids = flood(&api, cfg, &cast, &targets, &mut rng, &mut rep);
    let mut problems = Vec::new();
    let during = victims_play(&api, cfg, [&mut gv, &mut gp], &mut rng, &mut problems).await;
    rep.victims_during = Percentiles::of_micros(&during);
    let settled = api
        .settle(Duration::from_millis(500), Duration::from_secs(180))
        .await;
    rep.flood_secs = t0.elapsed().as_secs_f64();
    if !settled {
        problems.push("the bot did not get through the flood within 180 s".into());
    }
    let mem = bot.memory().unwrap_or_default();
    rep.rss_after_kib = mem.rss_kib;
    rep.hwm_kib = mem.hwm_kib;

    tally(&api, flood_start, &callback_ids, &cast, &mut rep);
    problems.extend(limits_broken(cfg, &rep));
    let table_now = api
        .message(cast.g3.id(), table.board)
        .map(|m| crate::fakeapi::keyboard_buttons(m.json.get("reply_markup")))
        .unwrap_or_default();
    if !table_now
        .iter()
        .any(|(_, d)| d.starts_with("t:") && d.contains(":0:"))
    {
        problems.push("the table's board no longer shows its first turn's picker".into());
    }
    if let Some(status) = bot_exited(&bot) {
        problems.push(format!("the bot exited during the flood: {status}"));
    }
    rep.bot_exit = match bot.terminate(Duration::from_secs(30)).await {
        Ok(s) => s.to_string(),
        Err(e) => e.to_string(),
    };
    rep.panics = panics_in_log(&spec.log_file);
    // No game changed but by its players' legal moves.
    let mut tracked: Vec<TrackedGame> = [&gm, &gv, &gp]
        .iter()
        .map(|s| TrackedGame {
            id: s.game,
            chat: s.chat.id(),
            acked: s.mirror.moves().to_vec(),
            may_have_more: 0,
        })
        .collect();
    // The table waits for Tina's first turn: nothing Mallory sent played one.
    tracked.push(TrackedGame {
        id: table.game,
        chat: cast.g3.id(),
        acked: Vec::new(),
        may_have_more: 0,
    });
    rep.check = verify(&data, &tracked, &api, cfg.board_px)?;
    rep.problems = problems;
    Ok(rep)
}

/// Start the bot against `api` and wait until it is up.
async fn start_bot(
    cfg: &AbuseConfig,
    dir: &std::path::Path,
    api: &FakeApi,
) -> Result<(BotProcess, BotSpec), LoadError> {
    let spec = BotSpec {
        actions_per_minute: cfg.actions_per_minute,
        board_px: cfg.board_px,
        log_level: "warn".into(),
        pacing: false,
        ..BotSpec::new(&cfg.bot_exe, dir, api.url())
    };
    let bot = BotProcess::spawn(&spec)?;
    api.wait_for(0, Duration::from_secs(60), |c| c.is("SetMyCommands"))
        .await
        .ok_or_else(|| LoadError::Bot(format!("did not start; see {}", spec.log_file.display())))?;
    Ok((bot, spec))
}

/// The people and chats of the run.
struct Cast {
    mallory: TgUser,
    trent: TgUser,
    v1: TgUser,
    v2: TgUser,
    pat: TgUser,
    tina: TgUser,
    /// Mallory's group, where she plays Trent.
    g1: TgChat,
    /// The victims' group.
    g2: TgChat,
    /// Tina's table of three, where Mallory took a seat and left it.
    g3: TgChat,
    /// Mallory's private chat with the bot.
    mchat: TgChat,
}

impl Cast {
    fn new() -> Cast {
        let mallory = TgUser::new(6_000_001, "Mallory", "en");
        Cast {
            trent: TgUser::new(6_000_002, "Trent", "en"),
            v1: TgUser::new(6_000_003, "Victor", "en"),
            v2: TgUser::new(6_000_004, "Vera", "ru"),
            pat: TgUser::new(6_000_005, "Pat", "en"),
            tina: TgUser::new(6_000_006, "Tina", "en"),
            g1: TgChat::Group(-6_000_000_001, "Mallory's group".into()),
            g2: TgChat::Group(-6_000_000_002, "Quiet group".into()),
            g3: TgChat::Group(-6_000_000_003, "Table group".into()),
            mchat: TgChat::Private(mallory.clone()),
            mallory,
        }
    }

    /// Mallory's group (with her board as the replied-to message), her group without a
    /// reply, or her private chat, by `i`.
    fn mallory_chat(&self, i: usize, board: i64) -> (TgChat, Option<i64>) {
        match i % 3 {
            0 => (self.g1.clone(), Some(board)),
            1 => (self.g1.clone(), None),
            _ => (self.mchat.clone(), None),
        }
    }
}

/// What forged buttons aim at: the boards and games of both groups.
struct Targets {
    g1: TgChat,
    g2: TgChat,
    gm_board: i64,
    gv_board: i64,
    gm: GameId,
    gv: GameId,
    /// Plies of Mallory's game when the flood starts.
    gm_ply: u32,
    /// Tina's table.
    table: Table,
}

/// Tina's table of three (Halma): Tina White, Mallory Green (left: the program plays it
/// on), the program Black; at ply 0, Tina to move.
#[derive(Clone, Debug)]
struct Table {
    chat: TgChat,
    lobby: i64,
    board: i64,
    game: u64,
}

/// Set Tina's table up: her lobby, Mallory joins, the program's seat, the start; then
/// Mallory leaves it (asked and confirmed).
async fn table_game(api: &FakeApi, cast: &Cast) -> Result<Table, LoadError> {
    let chat = cast.g3.clone();
    api.set_admins(chat.id(), &[cast.tina.id]);
    let c0 = api.call_count();
    api.send_text(&chat, &cast.tina, "/new halma3");
    let lobby = api
        .wait_for(c0, WAIT, |c| {
            c.is("SendMessage")
                && c.chat_id() == Some(chat.id())
                && c.buttons().iter().any(|(_, d)| d.starts_with("q:"))
        })
        .await
        .ok_or_else(|| err("no lobby"))?;
    let lobby_id = message_id(&lobby).ok_or_else(|| err("lobby without id"))?;
    let game = lobby
        .buttons()
        .iter()
        .find_map(|(_, d)| match Callback::decode(d) {
            Ok(Callback::Lobby { game, .. }) => Some(game),
            _ => None,
        })
        .ok_or_else(|| err("lobby without buttons"))?;
    let lobby_tap = |who: &TgUser, act: crate::bot::callback::LobbyAct| {
        api.tap(
            &chat,
            who,
            lobby_id,
            &Callback::Lobby { game, act }.encode(),
        )
    };
    use crate::bot::callback::LobbyAct;
    // Taps are queued per person: Tina's start could overtake Mallory's join and be
    // refused (not every seat taken), so the join's answer comes first.
    let c_join = api.call_count();
    let join = lobby_tap(&cast.mallory, LobbyAct::Join);
    api.wait_for(c_join, WAIT, |c| {
        c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(join.as_str())
    })
    .await
    .ok_or_else(|| err("Mallory's join not answered"))?;
    lobby_tap(&cast.tina, LobbyAct::Program(1));
    let c1 = api.call_count();
    lobby_tap(&cast.tina, LobbyAct::Start);
    let board = board_posted(api, c1, chat.id(), "the table").await?;
    let board_id = message_id(&board).ok_or_else(|| err("board without id"))?;
    let c2 = api.call_count();
    api.send_text(&chat, &cast.mallory, "/resign");
    let ask = api
        .wait_for(c2, WAIT, |c| {
            c.is("SendMessage")
                && c.chat_id() == Some(chat.id())
                && c.buttons().iter().any(|(_, d)| d.starts_with("r:"))
        })
        .await
        .ok_or_else(|| err("no question before leaving"))?;
    let yes = Callback::Resign { game }.encode();
    let c3 = api.call_count();
    api.tap(&chat, &cast.mallory, message_id(&ask).unwrap_or(0), &yes);
    api.wait_for(c3, WAIT, |c| {
        c.is("SendMessage")
            && c.chat_id() == Some(chat.id())
            && c.text().is_some_and(|t| t.contains("has left the game"))
    })
    .await
    .ok_or_else(|| err("Mallory's leaving was not said"))?;
    Ok(Table {
        chat,
        lobby: lobby_id,
        board: board_id,
        game: game.0,
    })
}

/// Mallory at Tina's table: the closed lobby's buttons and a forged lobby, the picker at
/// the current ply (not her turn, and her seat left), passes, leaving twice; and typed
/// turns for Tina's seat and for her own left one.
fn table_abuse(rng: &mut Rng, t: &Table) -> AtTable {
    use crate::bot::callback::LobbyAct;
    let game = GameId(t.game);
    let sq = |rng: &mut Rng| crate::engine::Square::new(rng.index(16) as u8, rng.index(16) as u8);
    AtTable::Tap(match rng.index(10) {
        0 => {
            let act = [
                LobbyAct::Join,
                LobbyAct::Leave,
                LobbyAct::Program(3),
                LobbyAct::Start,
            ][rng.index(4)];
            (t.lobby, Callback::Lobby { game, act }.encode())
        }
        1 => (
            t.lobby,
            Callback::Lobby {
                game: GameId(1_000_000 + rng.next_u64() % 1_000_000),
                act: LobbyAct::Join,
            }
            .encode(),
        ),
        2 => (
            t.board,
            Callback::Tap {
                game,
                ply: 0,
                square: sq(rng),
            }
            .encode(),
        ),
        3 => (
            t.board,
            Callback::Move {
                game,
                ply: rng.index(3) as u32,
                from: sq(rng),
                to: sq(rng),
                confirmed: false,
            }
            .encode(),
        ),
        4 => (t.board, Callback::Pass { game, ply: 0 }.encode()),
        5 => (
            t.board,
            Callback::Act {
                game,
                ply: 0,
                act: crate::bot::callback::Act::Resign,
            }
            .encode(),
        ),
        6 => (t.board, Callback::Resign { game }.encode()),
        // Typed: Tina's White, Mallory's own Green (left), a pass.
        7 => return AtTable::Typed("b2-d4"),
        8 => return AtTable::Typed("b15-d13"),
        _ => return AtTable::Typed("--"),
    })
}

/// What Mallory sends at Tina's table: a press (message and data) or a typed turn.
enum AtTable {
    Tap((i64, String)),
    Typed(&'static str),
}

/// Send the whole flood (answers are not awaited); the ids of the button presses.
fn flood(
    api: &FakeApi,
    cfg: &AbuseConfig,
    cast: &Cast,
    targets: &Targets,
    rng: &mut Rng,
    rep: &mut AbuseReport,
) -> HashSet<String> {
    let mut callback_ids = HashSet::new();
    // A tenth of the presses and a few typed turns at Tina's table.
    for _ in 0..cfg.callbacks / 10 {
        match table_abuse(rng, &targets.table) {
            AtTable::Tap((message, data)) => {
                let p = api.push_tap(&targets.table.chat, &cast.mallory, message, &data);
                if let Some(id) = p.callback_id {
                    callback_ids.insert(id);
                }
                rep.callbacks += 1;
            }
            AtTable::Typed(text) => {
                let reply = (rng.index(2) == 0).then_some(targets.table.board);
                api.push_text(&targets.table.chat, &cast.mallory, text, reply, Vec::new());
            }
        }
        rep.sent += 1;
    }
    for _ in 0..cfg.callbacks {
        let (chat, board, data) = forged(rng, targets);
        let p = api.push_tap(&chat, &cast.mallory, board, &data);
        if let Some(id) = p.callback_id {
            callback_ids.insert(id);
        }
        rep.sent += 1;
        rep.callbacks += 1;
    }
    for i in 0..cfg.long_messages {
        let (chat, reply) = cast.mallory_chat(i, targets.gm_board);
        api.push_text(&chat, &cast.mallory, &long_message(i), reply, Vec::new());
        rep.sent += 1;
    }
    for i in 0..cfg.junk {
        let (chat, reply) = cast.mallory_chat(i, targets.gm_board);
        api.push_text(
            &chat,
            &cast.mallory,
            JUNK[i % JUNK.len()],
            reply,
            Vec::new(),
        );
        rep.sent += 1;
    }
    for i in 0..cfg.commands {
        let chat = if i % 5 == 4 { &cast.mchat } else { &cast.g1 };
        let text = COMMANDS[i % COMMANDS.len()];
        api.push_text(chat, &cast.mallory, text, None, Vec::new());
        rep.sent += 1;
    }
    callback_ids
}

/// A 4,096-character message of one of four kinds.
fn long_message(i: usize) -> String {
    match i % 4 {
        0 => "c3-d3 ".repeat(700).chars().take(4096).collect(),
        1 => std::iter::repeat_n('ж', 4096).collect(),
        2 => format!("/m {}", "a1-".repeat(1400))
            .chars()
            .take(4096)
            .collect(),
        _ => std::iter::repeat_n('🙂', 4096).collect(),
    }
}

/// One forged or malformed button press: where it is sent (chat and message) and its
/// data.
fn forged(rng: &mut Rng, t: &Targets) -> (TgChat, i64, String) {
    match rng.index(16) {
        0..=3 => (t.g1.clone(), t.gm_board, random_text(rng, 80)),
        4 => (t.g2.clone(), t.gv_board, random_text(rng, 64)),
        5 => (t.g1.clone(), rng.index(1000) as i64, random_text(rng, 64)),
        6..=10 => forged_board_tap(rng, t),
        11 => {
            let (chat, board) = if rng.index(2) == 0 {
                (t.g1.clone(), t.gm_board)
            } else {
                (t.g2.clone(), t.gv_board)
            };
            (chat, board, forged_action(rng, t).encode())
        }
        12 => {
            let cb = Callback::Challenge {
                id: ChallengeId(1_000_000 + rng.next_u64() % 1_000_000),
                accept: true,
                link: None,
            };
            (t.g1.clone(), t.gm_board, cb.encode())
        }
        13 => {
            let data = [
                "s:v:diagonal",
                "s:o:side",
                "s:l:ru",
                "l:ru",
                "p:classic:w:1",
                "n",
            ][rng.index(6)];
            (t.g1.clone(), t.gm_board, data.to_string())
        }
        14 => {
            let data = format!(
                "t:{}:{}:a1",
                ["zzzzzzzzzzzzz", "0", "-1", "1e9"][rng.index(4)],
                ["0", "zzzzzzz", ""][rng.index(3)]
            );
            (t.g1.clone(), t.gm_board, data)
        }
        _ => (t.g1.clone(), t.gm_board, "x".repeat(65 + rng.index(200))),
    }
}

fn random_square(rng: &mut Rng) -> crate::engine::Square {
    crate::engine::Square::new(rng.index(8) as u8, rng.index(8) as u8)
}

/// Well-formed board taps that must change nothing: old plies of Mallory's own game (a
/// stale keyboard; each redraw is limited), and another chat's game, from her chat and
/// from the other chat.
fn forged_board_tap(rng: &mut Rng, t: &Targets) -> (TgChat, i64, String) {
    let old = rng.index(t.gm_ply as usize) as u32;
    let (mine, theirs) = ((t.g1.clone(), t.gm_board), (t.g2.clone(), t.gv_board));
    let ((chat, board), cb) = match rng.index(5) {
        0 => (
            mine,
            Callback::Tap {
                game: t.gm,
                ply: old,
                square: random_square(rng),
            },
        ),
        1 => (
            mine,
            Callback::Move {
                game: t.gm,
                ply: old,
                from: random_square(rng),
                to: random_square(rng),
                confirmed: rng.index(2) == 0,
            },
        ),
        2 => (
            mine,
            Callback::Reset {
                game: t.gm,
                ply: t.gm_ply,
            },
        ),
        3 => (
            mine,
            Callback::Tap {
                game: t.gv,
                ply: 0,
                square: random_square(rng),
            },
        ),
        _ => (
            theirs,
            Callback::Move {
                game: t.gv,
                ply: rng.index(8) as u32,
                from: random_square(rng),
                to: random_square(rng),
                confirmed: false,
            },
        ),
    };
    (chat, board, cb.encode())
}

/// A game action Mallory may not take: on the victims' game, or a draw or rematch in her
/// own game that nobody offered.
fn forged_action(rng: &mut Rng, t: &Targets) -> Callback {
    match rng.index(6) {
        0 => Callback::Resign { game: t.gv },
        1 => Callback::Draw {
            game: t.gv,
            accept: true,
        },
        2 => Callback::Rematch { game: t.gv },
        3 => Callback::Export {
            game: t.gv,
            gif: true,
        },
        4 => Callback::Draw {
            game: t.gm,
            accept: true,
        },
        _ => Callback::Rematch { game: t.gm },
    }
}

/// The victims' moves during the flood, alternating between their games: each move's
/// time until its board showed it, in microseconds.
async fn victims_play(
    api: &FakeApi,
    cfg: &AbuseConfig,
    seats: [&mut Seat; 2],
    rng: &mut Rng,
    problems: &mut Vec<String>,
) -> Vec<u64> {
    let mut during = Vec::new();
    for i in 0..cfg.victim_moves {
        let seat = &mut *seats[i % 2];
        if seat.mirror.is_over() {
            continue;
        }
        match play(api, seat, rng).await {
            Ok(d) => during.push(d.as_micros() as u64),
            Err(e) => problems.push(format!("a victim's move: {e}")),
        }
    }
    during
}

/// What the flood cost in Mallory's chats, and whether every press was answered once.
fn tally(
    api: &FakeApi,
    flood_start: u64,
    callback_ids: &HashSet<String>,
    cast: &Cast,
    rep: &mut AbuseReport,
) {
    let mut answers: HashMap<String, usize> = HashMap::new();
    let mallory_chats = [cast.g1.id(), cast.mallory.id, cast.g3.id()];
    for c in api.calls_since(flood_start) {
        if c.response.is_err() {
            continue;
        }
        if c.is("AnswerCallbackQuery")
            && let Some(id) = c.str("callback_query_id")
            && callback_ids.contains(id)
        {
            *answers.entry(id.to_string()).or_default() += 1;
        }
        let Some(chat) = c.chat_id() else { continue };
        if !mallory_chats.contains(&chat) {
            continue;
        }
        if c.is("EditMessageMedia") || c.is("SendPhoto") || c.is("SendAnimation") {
            rep.pictures += 1;
        } else if c.is("SendMessage") {
            rep.messages += 1;
            if c.buttons().iter().any(|(_, d)| d.starts_with("c:")) {
                rep.challenges += 1;
            }
        }
    }
    rep.answered_once = answers.values().filter(|n| **n == 1).count();
    rep.answered_twice = answers.values().filter(|n| **n > 1).count();
}

/// Presses not answered exactly once, and expensive actions beyond the limit.
fn limits_broken(cfg: &AbuseConfig, rep: &AbuseReport) -> Vec<String> {
    let mut problems = Vec::new();
    if rep.answered_once != rep.callbacks {
        problems.push(format!(
            "{} of {} button presses were not answered exactly once",
            rep.callbacks - rep.answered_once,
            rep.callbacks
        ));
    }
    let limit = cfg.actions_per_minute as usize;
    if limit > 0 && rep.pictures + rep.challenges > limit {
        problems.push(format!(
            "the abuser got {} pictures and {} challenges with a limit of {limit} a minute",
            rep.pictures, rep.challenges
        ));
    }
    problems
}

fn bot_exited(bot: &BotProcess) -> Option<String> {
    // `memory_of` fails once the process is gone.
    bot.memory().is_none().then(|| "gone".to_string())
}
