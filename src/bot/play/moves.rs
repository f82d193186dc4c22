//! A person's move, typed or tapped: which game a message or a button means, and the
//! attempt itself (whose turn, a losing return home asked first, the service's answer).

use super::Change;
use crate::bot::chat::context::{Answer, Incoming, Tap};
use crate::bot::chat::messages::say;
use crate::bot::error::BotError;
use crate::bot::error::refusal;
use crate::bot::play::board::BoardAt;
use crate::bot::state::App;
use crate::bot::texts::Texts;
use crate::engine::{AnyGame, IllegalMove, InputError, MoveError, Path, Ply, Seat, Square};
use crate::game::{
    Actor, ChatId, Expect, GameId, GameRecord, MessageId, MoveInput, MoveOutcome, ServiceError,
    UserId,
};
use teloxide::types::CallbackQuery;

/// Which of the user's games a message refers to: a reply to a board picks that game,
/// otherwise their only game here (or the only one where it is their turn).
pub enum Pick {
    /// This one.
    One(Box<GameRecord>),
    /// The user plays no game here.
    None,
    /// Several, and the message does not say which.
    Several,
}

/// The game `m` refers to (see [`Pick`]).
pub fn pick_game(app: &App, m: &Incoming) -> Result<Pick, BotError> {
    let (chat, user) = (m.chat, m.user);
    let games = app.games.read(|s| s.active_games(chat))?;
    if let Some(r) = m.msg.reply_to_message() {
        let mid = MessageId(r.id.0);
        if let Some(g) = games.iter().find(|g| g.is_board(chat, mid)) {
            return Ok(Pick::One(Box::new(g.clone())));
        }
    }
    let mine: Vec<GameRecord> = games
        .into_iter()
        .filter(|g| g.is_active() && g.seat_of(user).is_some())
        .collect();
    if mine.len() <= 1 {
        return Ok(mine
            .into_iter()
            .next()
            .map_or(Pick::None, |g| Pick::One(Box::new(g))));
    }
    let mut my_turn: Vec<GameRecord> = mine
        .into_iter()
        .filter(|g| g.player_to_move() == crate::game::Player::Human(user) || g.is_solo())
        .collect();
    Ok(match (my_turn.pop(), my_turn.is_empty()) {
        (Some(g), true) => Pick::One(Box::new(g)),
        _ => Pick::Several,
    })
}

/// The game `m` refers to, or `None` after saying why there is none.
pub async fn picked(
    app: &App,
    m: &Incoming,
    t: &dyn Texts,
) -> Result<Option<GameRecord>, BotError> {
    let text = match pick_game(app, m)? {
        Pick::One(g) => return Ok(Some(*g)),
        Pick::None => t.no_active_game(),
        Pick::Several => t.several_games(),
    };
    say(app, m.chat, Some(m.id()), &text, None).await?;
    Ok(None)
}

/// The game a board button names, when that game has a board where it was tapped: in
/// the tapped chat, or in the tapped inline message.
pub fn board_game(app: &App, tap: &Tap, id: GameId) -> Result<Option<GameRecord>, BotError> {
    let g = match app.games.read(|s| s.game(id)) {
        Ok(g) => g,
        Err(ServiceError::NoSuchGame(_)) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let here = match (tap.inline(), tap.board()) {
        (Some(message), _) => g.inline.as_ref() == Some(&message),
        (None, BoardAt::Chat(chat)) => g.board_in(chat).is_some(),
        (None, BoardAt::Inline(_)) => false,
    };
    Ok(here.then_some(g))
}

/// [`board_game`]; a button that names no game here is given its alert and `None` comes
/// back.
pub fn tapped_game(app: &App, tap: &Tap, id: GameId) -> Result<Option<GameRecord>, BotError> {
    let g = board_game(app, tap, id)?;
    if g.is_none() {
        tap.reply(Answer::Alert(tap.texts().bad_button()))?;
    }
    Ok(g)
}

/// The game a board button names and the tapper's seat in it, when the tapper plays
/// it and it is on; otherwise the tap is given its alert (counted against the tapper's
/// limit, like every refused tap) and `None` comes back.
pub async fn played_game(
    app: &App,
    tap: &Tap,
    id: GameId,
) -> Result<Option<(GameRecord, Seat)>, BotError> {
    let t = tap.texts();
    let why = match board_game(app, tap, id)? {
        None => t.bad_button(),
        Some(g) => match g.seat_of(tap.user()) {
            None => t.not_your_game(),
            Some(_) if !g.is_active() => t.game_over(),
            Some(c) => return Ok(Some((g, c))),
        },
    };
    app.people.count_action(tap.user().0);
    tap.reply(Answer::Alert(why))?;
    Ok(None)
}

/// Whether the tapped message is the game's current board.
pub fn on_current_board(q: &CallbackQuery, g: &GameRecord) -> bool {
    if let Some(id) = &q.inline_message_id {
        return g.inline.as_ref().is_some_and(|m| &m.0 == id);
    }
    q.regular_message()
        .is_some_and(|m| g.is_board(ChatId(m.chat.id.0), MessageId(m.id.0)))
}

/// How a move attempt went, for the handler to tell the player (in their words, at the
/// edge: [`refusal_words`]) and then to show.
#[derive(Debug)]
pub enum Attempt {
    /// Stored; the caller reports it to [`super::changed`] (a tap is answered in between,
    /// so the answer comes before the edit).
    Played(Box<Change>),
    /// The move returns a piece home after the deadline: ask first.
    Confirm {
        /// The game.
        id: GameId,
        /// The path that would be played.
        path: Path,
    },
    /// The mover's clock had run out: the game changed (it ended, or at a table their
    /// seat is out) instead; the caller tells them, then reports it to
    /// [`super::changed`].
    Flagged(Box<GameRecord>),
    /// Refused: the game as read, and why.
    Refused(Box<GameRecord>, ServiceError),
    /// The position changed since the player looked: the caller tells them, then shows
    /// the game anew ([`super::refresh`]).
    Stale(GameId),
}

/// A move as a person gave it, read once where it arrived.
#[derive(Clone, Debug)]
pub enum Input {
    /// Typed: the readings of the text ([`crate::engine::read_squares`]), or why it reads
    /// as no squares.
    Typed(Result<Vec<Vec<Square>>, InputError>),
    /// Tapped: a piece and its destination (the shortest chain between them).
    Tapped {
        /// The piece's square.
        from: Square,
        /// Its destination.
        to: Square,
    },
    /// A pass (`--` typed, or the picker's pass), where the seat has no move.
    Pass,
}

/// A person's move in `g` (as the handler read it): check whose turn it is, ask before a
/// losing return home, play it with the expectation `expect`. Nothing is shown here: the
/// caller answers first (a tap's spinner), then reports a played move to
/// [`super::changed`] or refreshes a stale board.
pub async fn user_move(
    app: &App,
    g: GameRecord,
    user: UserId,
    input: Input,
    expect: Expect,
    confirmed: bool,
) -> Result<Attempt, BotError> {
    let id = g.id;
    let refused = |g: GameRecord, why| Ok(Attempt::Refused(Box::new(g), why));
    let game = match app.games.read(|s| s.replay(&g)) {
        Ok(game) => game,
        Err(e) if e.class() == crate::game::ErrorClass::Failure => return Err(e.into()),
        Err(e) => return refused(g, e),
    };
    if g.seat_of(user).is_none() {
        return refused(g, ServiceError::NotYourGame);
    }
    if let Expect::Ply(p) = expect
        && p != g.ply()
    {
        return Ok(Attempt::Stale(id));
    }
    if !g.is_active() {
        return refused(g, ServiceError::GameOver);
    }
    if g.paused.is_some() {
        return refused(g, ServiceError::Paused);
    }
    if g.player_to_move() != crate::game::Player::Human(user) && !g.is_solo() {
        let why = turn_refusal(&game, &g, user);
        return refused(g, why);
    }
    let ply = match &input {
        Input::Typed(Ok(readings)) => game.resolve(readings),
        Input::Typed(Err(e)) => Err(MoveError::Input(e.clone())),
        Input::Tapped { from, to } => game.check(&[*from, *to]).map_err(Into::into),
        Input::Pass if game.must_pass() => Ok(Ply::Pass),
        Input::Pass => Err(IllegalMove::NoPass.into()),
    };
    let ply = match ply {
        Ok(p) => p,
        Err(e) => return refused(g, ServiceError::Illegal(e)),
    };
    if !confirmed
        && game.is_return_home(&ply)
        && let Ply::Move(path) = &ply
    {
        return Ok(Attempt::Confirm {
            id,
            path: path.clone(),
        });
    }
    let mv = MoveInput::from(&ply);
    let now = app.now();
    let read = g.clone();
    let r = app
        .games
        .run(move |s| s.play_known((g, game), Actor::User(user), expect, &mv, now))
        .await;
    match r {
        Ok((MoveOutcome::Played(m), after)) => {
            Ok(Attempt::Played(Box::new(Change::played(m.game, after))))
        }
        Ok((MoveOutcome::Flagged(g), _)) => Ok(Attempt::Flagged(Box::new(g))),
        Err(ServiceError::Stale { .. }) => Ok(Attempt::Stale(id)),
        Err(e) if e.class() == crate::game::ErrorClass::Refusal => refused(read, e),
        Err(e) => Err(e.into()),
    }
}

/// A refusal in the words of `t`: a table's "not your turn" names whose move it is (its
/// seat's player, or the program for a seat it plays).
pub async fn refusal_words(app: &App, g: &GameRecord, why: &ServiceError, t: &dyn Texts) -> String {
    match why {
        ServiceError::NotYourTurn if g.is_table() => {
            let to_move = g.to_move();
            let lang = app.chat_lang(g.chat, None).await;
            let name = match g.player_to_move() {
                p @ crate::game::Player::Human(_) => app.player_mention(p, lang).await,
                _ => format!("🤖 {}", t.seat_name(to_move)),
            };
            t.not_your_seat(&name, to_move)
        }
        ServiceError::Paused => format!("⏸ {}", t.paused()),
        e => refusal(e, t).unwrap_or_else(|| t.try_again()),
    }
}

/// Why `user`, who plays `g` but not its seat to move, may not move: their seat is done
/// (finished or left), or it is someone else's turn.
pub fn turn_refusal(game: &AnyGame, g: &GameRecord, user: UserId) -> ServiceError {
    match g.seat_of(user).is_some_and(|s| game.done().has(s)) {
        true => ServiceError::SeatDone,
        false => ServiceError::NotYourTurn,
    }
}
