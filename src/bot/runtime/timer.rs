//! The timer task in the bot: the game layer's [`Scheduler`] with a sink that tells the
//! chats what fired (reminders, automatic moves, results, lapsed offers and challenges).

use crate::bot::chat::messages::{close_challenge_message, say};
use crate::bot::controls::keyboard;
use crate::bot::error::BotError;
use crate::bot::play;
use crate::bot::play::announce::{places, tell};
use crate::bot::play::board::{self, BoardAt};
use crate::bot::state::App;
use crate::bot::texts::texts;
use crate::game::scheduler::{self, BoxFuture, Scheduler, Sink, Stop};
use crate::game::{ChatId, DeadlineEntry, DeadlineKind, Fired, GameRecord, Language};
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
        scheduler::program_move_of(e).is_some_and(|g| self.0.tasks.is_thinking(g))
    }
}

/// Run the timer task until `stop`.
pub async fn run(app: App, stop: Stop) {
    let level = app.tuning.auto_move_level;
    // A jump of the bot's clock (tests) makes deadlines due without any write.
    let wake = app.games.service().deadlines_changed();
    let clock = app.tasks.clock().clone();
    let forward = tokio::spawn(async move {
        loop {
            clock.jumped().await;
            wake.notify_one();
        }
    });
    Scheduler {
        games: app.games.clone(),
        clock: app.tasks.clock().clone(),
        sink: Arc::new(Announcer(app.clone())),
        auto_move: Arc::new(move |g| play::program::program_choice(g, level)),
        parallel: 2,
        batch: 128,
        stats: Arc::clone(app.tasks.timers()),
    }
    .run(stop)
    .await;
    forward.abort();
}

/// Say what fired, then show the change on the boards. The words go first and are
/// awaited: if the chat turns out to be closed to the bot, its first refusal marks it,
/// and the board's update then costs no call into it (both at once would be two).
async fn announce(app: &App, f: Fired) -> Result<(), BotError> {
    match f {
        Fired::NotDue => {}
        Fired::Removed(_) => {
            ::metrics::counter!(crate::bot::metrics::RETENTION_REMOVED_TOTAL).increment(1);
        }
        Fired::ProgramToMove(g) => play::program::spawn_program_move(app, g.id),
        Fired::Reminder {
            game,
            kind: DeadlineKind::DayLeft | DeadlineKind::HourLeft,
        } => {
            said(days_left(app, &game).await);
            play::changed(app, game);
        }
        Fired::TimeUp(g) => {
            said(time_up(app, &g).await);
            play::changed(app, g);
        }
        Fired::Reminder { game, kind } => {
            for (at, lang) in places(app, &game).await {
                let t = texts(lang);
                let who = app.player_mention(game.player_to_move(), lang).await;
                let text = match kind {
                    DeadlineKind::ClockReminder => {
                        let no = game.seat_no(game.to_move()).unwrap_or(0);
                        let left = game.clocks.remaining[no]
                            .saturating_sub(app.now().since(game.clocks.turn_started));
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
                crate::bot::features::notify::abandon_warning(
                    app,
                    &game,
                    hours.div_ceil(3_600_000),
                )
                .await;
            }
        }
        Fired::DrawOfferExpired(g) => {
            for (at, lang) in places(app, &g).await {
                said(tell(app, &g, at, texts(lang).draw_expired()).await);
            }
            play::changed(app, g);
        }
        Fired::AutoMoved(m) => {
            for (at, lang) in places(app, &m.game).await {
                let t = texts(lang);
                let who = app.player_mention(m.game.player(m.seat), lang).await;
                let text = match m.game.is_table() {
                    true => t.table_auto_moved(&who, m.seat),
                    false => t.auto_moved(&who, &m.ply.to_string()),
                };
                said(tell(app, &m.game, at, text).await);
            }
            play::changed(app, m.game);
        }
        Fired::Left { game, seat, how } => play::announce::seat_left(app, game, seat, how).await,
        Fired::Ended(g) | Fired::LobbyLapsed(g) => play::changed(app, g),
        // Nothing on the board changes.
        Fired::TurnNotice(g) => crate::bot::features::notify::turn_due(app, &g),
        Fired::ChallengeExpired(c) => {
            let t = texts(app.chat_lang(c.chat, Some(c.from)).await);
            let from = app.user_mention(c.from).await;
            close_challenge_message(app, &c, None, &t.challenge_expired(&from)).await;
        }
    }
    Ok(())
}

/// An announcement that could not be made is logged; the boards are updated anyway.
fn said(r: Result<(), BotError>) {
    if let Err(e) = r {
        tracing::debug!(error = %e, "an announcement could not be sent");
    }
}

/// A correspondence reminder for the player to move: in their private chat with the bot
/// (with where the board is), or, where the bot may not write to them (they never started
/// it), one line where the game is played.
async fn days_left(app: &App, g: &GameRecord) -> Result<(), BotError> {
    let seat = g.to_move();
    let Some(user) = g.player_to_move().user() else {
        return Ok(());
    };
    let Some(until) = g.move_due() else {
        return Ok(());
    };
    let left = until.since(app.now()).0;
    let dm = ChatId(user.0 as i64);
    if g.board_in(dm).is_none() {
        let lang = app.chat_lang(dm, Some(user)).await;
        let t = texts(lang);
        let opponent = others(app, g, seat, lang).await;
        let text = t.days_notice(
            &opponent,
            &t.game_variant(&g.variant),
            &t.left(left),
            &t.when(until.0),
            &crate::bot::features::notify::place(g),
        );
        match say(app, dm, None, &text, None).await {
            Ok(_) => return Ok(()),
            Err(e) => tracing::debug!(error = %e, "no private reminder; telling the game's chat"),
        }
    }
    for (at, lang) in places(app, g).await {
        let t = texts(lang);
        let who = app.player_mention(g.player(seat), lang).await;
        tell(
            app,
            g,
            at,
            t.days_line(&who, &t.left(left), &t.when(until.0)),
        )
        .await?;
    }
    Ok(())
}

/// A correspondence move's time is up: its opponent is asked, where the game is played,
/// to claim the win or keep waiting (an inline board carries the buttons itself).
async fn time_up(app: &App, g: &GameRecord) -> Result<(), BotError> {
    let late = g.to_move();
    for (at, lang) in places(app, g).await {
        let t = texts(lang);
        let who = app.player_mention(g.player(late), lang).await;
        let opponent = others(app, g, late, lang).await;
        let text = match g.is_table() {
            true => t.table_time_up(&who, &opponent),
            false => t.time_up(&who, &opponent),
        };
        match at {
            BoardAt::Chat(chat) => {
                let kb = keyboard::time_up(g.id, g.ply(), g.is_table(), false, t);
                say(app, chat, None, &text, Some(kb)).await?;
            }
            BoardAt::Inline(_) => board::notice(app, g, text),
        }
    }
    Ok(())
}

/// The other people at `g` than the player of `seat` (the opponent of a two-sided game),
/// as mentions.
async fn others(app: &App, g: &GameRecord, seat: crate::engine::Seat, lang: Language) -> String {
    let mut names = Vec::new();
    for (s, p) in g.seated() {
        if s != seat && (p.user().is_some() || !g.is_table()) {
            names.push(app.player_mention(p, lang).await);
        }
    }
    names.join(", ")
}
