//! `/games`: the games in play, with whose move it is, the time left and where each board
//! is: in a private chat every game of the asker's, in a group the group's games.

use crate::bot::chat::context::{HandlerResult, Incoming};
use crate::bot::chat::messages::say;
use crate::bot::error::BotError;
use crate::bot::state::App;
use crate::bot::telegram;
use crate::bot::texts::{BoardPlace, GameLine, Texts, clock, texts};
use crate::game::{
    GameId, GameRecord, Language, Player, ServiceError, TimeControl, Timestamp, UserId,
};

/// Games listed at most (a message holds 4,096 characters).
const LISTED: usize = 20;
/// The asker's newest games looked at for the ones still in play (newest first; a game
/// in play older than this many of the asker's games is not listed).
const SCANNED: usize = 2000;
/// Games read per store call.
const PAGE: usize = 200;

/// `/games`.
pub async fn on_games(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    let mut games = if m.private() {
        in_play_of(&app, m.user).await?
    } else {
        let chat = m.chat;
        app.games.read(|s| s.active_games(chat))?
    };
    if games.is_empty() {
        say(&app, m.chat, None, &t.no_games(m.private()), None).await?;
        return Ok(());
    }
    // The asker's turns first, then the newest.
    let mine = |g: &GameRecord| g.is_active() && g.player_to_move() == Player::Human(m.user);
    games.sort_by_key(|g| (!mine(g), std::cmp::Reverse(g.id)));
    let more = games.len().saturating_sub(LISTED);
    let lang = app.chat_lang(m.chat, Some(m.user)).await;
    let mut lines = Vec::new();
    for g in games.iter().take(LISTED) {
        lines.push(t.game_line(&line(&app, g, &m, lang).await));
    }
    say(&app, m.chat, None, &t.games(&lines, more), None).await?;
    Ok(())
}

/// `user`'s games in play, from their newest games.
async fn in_play_of(app: &App, user: UserId) -> Result<Vec<GameRecord>, BotError> {
    let games = app
        .games
        .run(move |s| {
            let mut out = Vec::new();
            let (mut before, mut seen): (Option<GameId>, usize) = (None, 0);
            while seen < SCANNED {
                let page = s.user_games(user, before, PAGE)?;
                let Some(last) = page.last() else { break };
                before = Some(last.id);
                seen += page.len();
                out.extend(page.into_iter().filter(GameRecord::is_open));
            }
            Ok::<_, ServiceError>(out)
        })
        .await?;
    Ok(games)
}

/// One game as `/games` shows it to the asker of `m`.
async fn line(app: &App, g: &GameRecord, m: &Incoming, lang: Language) -> GameLine {
    let mut players = Vec::new();
    for (s, p) in g.seated().filter(|(_, p)| *p != Player::Absent) {
        players.push((s, app.player_mention(p, lang).await));
    }
    let to_move = g.player_to_move();
    let t = texts(lang);
    GameLine {
        players,
        solo: g.is_solo(),
        variant: t.game_variant(&g.variant),
        lobby: !g.is_active(),
        time_control: g.time_control,
        to_move: app.player_mention(to_move, lang).await,
        asker_to_move: g.is_active()
            && (to_move == Player::Human(m.user) || (g.is_solo() && g.seat_of(m.user).is_some())),
        left: time_left(g, app.now(), t).filter(|_| g.is_active()),
        place: place(g, m),
        paused: g.paused.is_some(),
    }
}

/// The time the side to move has left, if the game is timed (a paused game's stands
/// where it stopped).
fn time_left(g: &GameRecord, now: Timestamp, t: &dyn Texts) -> Option<String> {
    let no = g.seat_no(g.to_move()).unwrap_or(0);
    let now = g.paused.unwrap_or(now);
    match g.time_control {
        TimeControl::Untimed => None,
        TimeControl::Clock { .. } => g
            .clocks
            .remaining_at(&g.time_control, no, no, now)
            .map(|left| clock(left.0)),
        TimeControl::PerMove { limit } => Some(clock(
            limit.0.saturating_sub(now.since(g.clocks.turn_started).0),
        )),
        TimeControl::Days { .. } => g.move_due().map(|due| t.left(due.since(now).0)),
    }
}

/// Where the asker finds the game's board: here, a link into a supergroup, or another
/// chat that has no public link.
fn place(g: &GameRecord, m: &Incoming) -> BoardPlace {
    if g.board_in(m.chat).is_some() {
        return BoardPlace::Here;
    }
    if g.inline.is_some() {
        return BoardPlace::Inline;
    }
    let board = g.boards().next();
    match board.and_then(|b| Some((b.chat, b.message?))) {
        Some((chat, message)) => match telegram::message_link(chat, message) {
            Some(url) => BoardPlace::Link(url),
            None if chat.0 > 0 => BoardPlace::Private,
            None => BoardPlace::Group,
        },
        None if g.chat.0 > 0 => BoardPlace::Private,
        None => BoardPlace::Group,
    }
}
