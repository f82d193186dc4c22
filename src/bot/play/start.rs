//! Opening a game and showing its first board: against the program (two sides, or a table
//! of three or four seats against its program seats), in the training room, or from an
//! accepted challenge (the service makes the record).

use crate::bot::chat::context::HandlerResult;
use crate::bot::error::BotError;
use crate::bot::state::App;
use crate::engine::multi::MultiVariant;
use crate::engine::{AnyVariant, Color, Variant, VariantId};
use crate::game::{ChatId, LobbyRefusal, NewGame, Player, ServiceError, TimeControl, UserId};

/// Open `new` and show its board (the program moves first when it has White).
pub async fn open_game(app: &App, new: crate::game::NewGame) -> Result<(), BotError> {
    let now = app.now();
    let g = app.games.run(move |s| s.create_game(new, now)).await?;
    super::changed(app, g);
    Ok(())
}

/// Open a game between `user` and the program at `level` in `chat` and show its board
/// (the program moves first when it has White). `colour` is the user's (`None`: drawn).
pub async fn against_program(
    app: &App,
    chat: ChatId,
    user: UserId,
    variant: VariantId,
    colour: Option<Color>,
    level: u8,
) -> HandlerResult {
    let colour = colour.unwrap_or_else(|| {
        if app.now().0.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    });
    let human = Player::Human(user);
    let program = Player::Program { level };
    let players = match colour {
        Color::White => vec![human, program],
        Color::Black => vec![program, human],
    };
    open_game(app, unrated(chat, Variant::new(variant).into(), players)).await
}

/// Open a table of `variant` in `chat` (a private chat): `user` as White, the program at
/// `level` in every other seat. One table at a time per chat.
pub async fn table_against_program(
    app: &App,
    chat: ChatId,
    user: UserId,
    variant: MultiVariant,
    level: u8,
) -> Result<(), BotError> {
    let v = AnyVariant::Multi(variant);
    let mut players = vec![Player::Program { level }; v.seat_count()];
    players[0] = Player::Human(user);
    let new = unrated(chat, v, players);
    let now = app.now();
    let g = app
        .games
        .run(move |s| {
            if s.chat_table(chat)?.is_some() {
                return Err(ServiceError::Lobby(LobbyRefusal::AlreadyOpen));
            }
            s.create_game(new, now)
        })
        .await?;
    super::changed(app, g);
    Ok(())
}

/// Open a training game for `user` in `chat` and show its board.
pub async fn training(app: &App, chat: ChatId, user: UserId, variant: Variant) -> HandlerResult {
    let players = vec![Player::Human(user), Player::Absent];
    open_game(app, unrated(chat, variant.into(), players)).await
}

/// An untimed, unrated game of `players` in `chat` from the variant's start (the program's
/// games and the training room).
fn unrated(chat: ChatId, variant: AnyVariant, players: Vec<Player>) -> NewGame {
    NewGame {
        variant,
        players,
        time_control: TimeControl::Untimed,
        chat,
        message: None,
        rated: false,
        start: None,
    }
}
