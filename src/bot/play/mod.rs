//! A game's steps that several features and the timer share, for games of any seat
//! count. After any change a handler or the timer reports it to [`changed`], which brings
//! every view of the game up to date (through [`board`], which nothing outside `play`
//! may ask directly), announces its end, or lets the program answer. Below: a person's
//! move ([`moves`]), the program's ([`program`]), opening games ([`start`]), challenges
//! ([`challenges`]), offers ([`offers`]) and the end of a game ([`end`]).

pub(crate) mod analysis;
pub(crate) mod announce;
pub(crate) mod board;
pub(crate) mod challenges;
pub(crate) mod end;
pub(crate) mod moves;
pub(crate) mod offers;
pub(crate) mod program;
pub(crate) mod start;
pub(crate) mod tournament;

use crate::bot::state::App;
use crate::engine::AnyGame;
use crate::game::{GameRecord, Player, Status};

/// A change to a game, as the handler or the timer that made it reports it: the record
/// as stored, and its engine game when the change had replayed it anyway (a move), so
/// that announcing the end need not replay it again.
#[derive(Debug)]
pub struct Change {
    game: GameRecord,
    replayed: Option<AnyGame>,
}

impl Change {
    /// A move's change, with the engine game after it.
    pub fn played(game: GameRecord, replayed: Option<AnyGame>) -> Change {
        Change { game, replayed }
    }
}

impl From<GameRecord> for Change {
    fn from(game: GameRecord) -> Change {
        Change {
            game,
            replayed: None,
        }
    }
}

/// How long a move the program is to answer waits to be shown with the answer (see
/// [`changed`]): levels 1 to 4 answer within it (their budgets are 120 to 200 ms), so one
/// edit shows both moves; level 5 thinks up to a second, and the player's own move is
/// not held back that long.
const ANSWER_WAIT: std::time::Duration = std::time::Duration::from_millis(300);

/// After any change to a game, whoever made it: every view of the game is asked to show
/// its newest state ([`board::changed`]; each view reads the game when its turn to send
/// comes, so a change racing this one is shown too), its end is announced, or the program
/// answers. Returns at once: the views, the announcement and the program's move go on in
/// the background.
pub fn changed(app: &App, change: impl Into<Change>) {
    crate::bot::telegram::check_answered("a change shown");
    let change = change.into();
    app.cluster.publish(crate::game::Changed {
        game: change.game.id,
        version: change.game.version,
    });
    changed_here(app, change);
}

/// [`changed`] for a change this instance learned of (its own, or another's): a standby
/// only wakes its pages (the leader, told of the change, shows it in the chats); the
/// leader does everything.
pub fn changed_here(app: &App, change: Change) {
    let Change { game: g, replayed } = change;
    if !app.cluster.leads() {
        app.views.pages().changed(g.id, g.version);
        return;
    }
    // A move the program is about to answer is shown together with the answer, in one
    // edit: each edit costs a second of the chat's pace, and a player who moves quickly
    // would otherwise see the board fall behind (two edits a move, three with a
    // selection). A new game's first board goes out at once (the program waits for it).
    let answer_next = g.is_active()
        && g.paused.is_none()
        && g.message.is_some()
        && matches!(g.player_to_move(), Player::Program { .. });
    if answer_next {
        program::spawn_program_move(app, g.id);
        let (app, id, version) = (app.clone(), g.id, g.version);
        tokio::spawn(async move {
            tokio::time::sleep(ANSWER_WAIT).await;
            // Unless the answer (or anything else) has changed the game, and shown it.
            match app.games.read(|s| s.game(id)) {
                Ok(g) if g.version == version => board::changed(&app, &g),
                Ok(_) => {}
                Err(e) => tracing::warn!(game = %id, error = %e, "could not show a move"),
            }
        });
        return;
    }
    board::changed(app, &g);
    match g.status {
        Status::Over { .. } => {
            // The game may be a tournament's: its result may pair the next round.
            tournament::wake(app);
            end::spawn_announce_end(app, g, replayed)
        }
        Status::Aborted { .. } => tournament::wake(app),
        Status::Lobby => {}
        Status::Active => {
            if g.paused.is_none() && matches!(g.player_to_move(), Player::Program { .. }) {
                program::spawn_program_move(app, g.id);
            }
        }
    }
}

/// Bring every view of game `id` up to date as stored (a stale button's board may be
/// behind, or a start-up repair).
pub fn refresh(app: &App, id: crate::game::GameId) -> Result<(), crate::bot::error::BotError> {
    board::refresh(app, id)
}

/// [`refresh`], returning when every view of the game has been updated (the start-up
/// redraw goes a few games at a time, beside the live traffic).
pub async fn refresh_and_wait(
    app: &App,
    id: crate::game::GameId,
) -> Result<(), crate::bot::error::BotError> {
    board::refresh_and_wait(app, id).await
}
