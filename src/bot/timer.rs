//! The timer task in the bot: the game layer's [`Scheduler`] with a sink that tells the
//! chats what fired (reminders, automatic moves, results, lapsed offers and challenges).

use super::app::{App, now};
use super::error::BotError;
use super::flow;
use super::send::{close_challenge_message, say};
use super::texts::texts;
use super::view::{self, BoardAt};
use crate::game::scheduler::{self, BoxFuture, Scheduler, Sink, Stop, WallClock};
use crate::game::{DeadlineEntry, DeadlineKind, Fired, GameRecord, Language};
use std::sync::Arc;

/// Announces fired deadlines in Telegram.
struct Announcer(App);

impl Sink for Announcer {
    fn fired(&self, fired: Fired) -> BoxFuture<'_> {
        Box::pin(async move {
            if let Err(e) = announce(&self.0, fired).await {
                tracing::warn!(error = %e, "announcing a deadline failed");
            }
        })
    }

    fn busy(&self, e: &DeadlineEntry) -> bool {
        scheduler::program_move_of(e).is_some_and(|g| {
            self.0
                .thinking
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .contains(&g.0)
        })
    }
}

/// Run the timer task until `stop`.
pub async fn run(app: App, stop: Stop) {
    let level = app.tuning.auto_move_level;
    Scheduler {
        games: app.games.clone(),
        clock: Arc::new(WallClock),
        sink: Arc::new(Announcer(app.clone())),
        auto_move: Arc::new(move |g| flow::program_choice(g, level)),
        parallel: 2,
        batch: 128,
        stats: Arc::clone(&app.timers),
    }
    .run(stop)
    .await
}

async fn announce(app: &App, f: Fired) -> Result<(), BotError> {
    match f {
        Fired::NotDue => {}
        Fired::ProgramToMove(g) => flow::spawn_program_move(app, g.id),
        Fired::Reminder { game, kind } => {
            for (at, lang) in places(app, &game).await {
                let t = texts(lang);
                let who = app
                    .player_mention(game.player(game.side_to_move()), lang)
                    .await;
                let text = match kind {
                    DeadlineKind::ClockReminder => {
                        let side = game.side_to_move().index();
                        let left = game.clocks.remaining[side]
                            .saturating_sub(now().since(game.clocks.turn_started));
                        t.clock_reminder(&who, left.0.div_ceil(1000))
                    }
                    _ => t.abandon_warning(
                        &who,
                        app.games
                            .service()
                            .timing()
                            .abandon_warning
                            .0
                            .div_ceil(3_600_000),
                    ),
                };
                tell(app, &game, at, text).await?;
            }
            if kind == DeadlineKind::AbandonWarning {
                let hours = app.games.service().timing().abandon_warning.0;
                super::notify::abandon_warning(app, &game, hours.div_ceil(3_600_000)).await;
            }
        }
        Fired::DrawOfferExpired(g) => {
            flow::after_change(app, g.clone()).await?;
            for (at, lang) in places(app, &g).await {
                tell(app, &g, at, texts(lang).draw_expired()).await?;
            }
        }
        Fired::AutoMoved(m) => {
            // The side that missed is the one that has just moved.
            let missed = !m.game.side_to_move();
            flow::after_change(app, m.game.clone()).await?;
            for (at, lang) in places(app, &m.game).await {
                let who = app.player_mention(m.game.player(missed), lang).await;
                let text = texts(lang).auto_moved(&who, &m.path.to_string());
                tell(app, &m.game, at, text).await?;
            }
        }
        Fired::Ended(g) => flow::after_change(app, g).await?,
        Fired::ChallengeExpired(c) => {
            let t = texts(app.chat_lang(c.chat, Some(c.from)).await);
            let from = app.user_mention(c.from).await;
            close_challenge_message(app, &c, None, &t.challenge_expired(&from)).await;
        }
    }
    Ok(())
}

/// Each board of `g` with the language spoken there.
async fn places(app: &App, g: &GameRecord) -> Vec<(BoardAt, Language)> {
    let mut out = Vec::new();
    for at in view::places(g) {
        let chat = match at {
            BoardAt::Chat(chat) => chat,
            // The game's language is its challenger's (see `GameRecord::chat`).
            BoardAt::Inline(_) => g.chat,
        };
        out.push((at, app.game_lang_in(g, chat).await));
    }
    out
}

/// Say `text` at a board: in its chat, or under an inline board's caption (there is no
/// chat to send it to).
async fn tell(app: &App, g: &GameRecord, at: BoardAt, text: String) -> Result<(), BotError> {
    match at {
        BoardAt::Chat(chat) => {
            say(app, chat, None, &text, None).await?;
        }
        BoardAt::Inline(_) => view::notice(app, g, text),
    }
    Ok(())
}
