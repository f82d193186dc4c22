//! `/analyze` and the Analysis button under a finished game: a game's analysis asked for
//! in the chat (made and sent by [`crate::bot::play::analysis`]).

use crate::bot::chat::context::{Answer, HandlerResult, Incoming, Tap};
use crate::bot::chat::messages::say;
use crate::bot::error::BotError;
use crate::bot::play::analysis::{may_analyse, request};
use crate::bot::state::App;
use crate::bot::state::analyses::Destination;
use crate::bot::texts::Texts;
use crate::game::{ChatId, GameId, GameRecord, MessageId, ServiceError, Status, UserId};

/// The asker's games looked at for their last finished one.
const SCANNED: usize = 2000;
/// Games read per store call.
const PAGE: usize = 200;

/// `/analyze [game]`: the named game (a number from `/history`), else the asker's last
/// finished game between two sides.
pub async fn on_analyze(
    app: App,
    m: Incoming,
    arg: String,
    t: &'static dyn Texts,
) -> HandlerResult {
    let (chat, me) = (m.chat, m.user);
    let reply = Some(m.msg.id);
    let arg = arg.trim().trim_start_matches('#');
    let g = if arg.is_empty() {
        match last_finished(&app, me, chat).await? {
            Some(g) => g,
            None => {
                say(&app, chat, reply, &t.analysis_nothing(), None).await?;
                return Ok(());
            }
        }
    } else {
        let Ok(n) = arg.parse::<u64>() else {
            say(&app, chat, reply, &t.analysis_usage(), None).await?;
            return Ok(());
        };
        let id = GameId(n);
        match app.games.run(move |s| s.game(id)).await {
            Ok(g) => g,
            // A game that does not exist is refused as someone else's: the answer does
            // not tell which game numbers are in use.
            Err(ServiceError::NoSuchGame(_)) => {
                say(&app, chat, reply, &t.analysis_not_yours(), None).await?;
                return Ok(());
            }
            Err(e) => return Err(e.into()),
        }
    };
    if let Err(r) = may_analyse(&g, me, Some(chat)) {
        say(&app, chat, reply, &r.text(t), None).await?;
        return Ok(());
    }
    if !app.people.allow_action(me.0) {
        say(&app, chat, reply, &t.slow_down(), None).await?;
        return Ok(());
    }
    let to = Destination {
        chat,
        reply_to: Some(MessageId(m.msg.id.0)),
        lang: app.chat_lang(chat, Some(me)).await,
    };
    let asked = request(&app, &g, me, to).await?;
    say(&app, chat, reply, &asked.text(t), None).await?;
    Ok(())
}

/// The Analysis button under a finished game (or tapped on an inline board, whose
/// analysis goes to the tapper's private chat).
pub async fn on_analyze_tap(app: App, tap: Tap, game: GameId) -> HandlerResult {
    let t = tap.texts();
    let (chat, me) = (tap.chat(), tap.user());
    let g = match app.games.run(move |s| s.game(game)).await {
        Ok(g) => g,
        Err(ServiceError::NoSuchGame(_)) => return tap.reply(Answer::Alert(t.bad_button())),
        Err(e) => return Err(e.into()),
    };
    // A board in this chat, or one of the tapper's own games (an inline board's tap comes
    // from the tapper's private chat).
    if let Err(r) = may_analyse(&g, me, Some(chat)) {
        return tap.reply(Answer::Alert(r.text(t)));
    }
    if !app.people.allow_action(me.0) {
        return tap.reply(Answer::Toast(t.slow_down()));
    }
    let to = Destination {
        chat,
        reply_to: None,
        lang: app.chat_lang(chat, Some(me)).await,
    };
    let asked = request(&app, &g, me, to).await?;
    tap.reply(Answer::Toast(asked.text(t)))
}

/// `user`'s newest finished game between two sides that may be analysed in `chat` (in a
/// group, one of the group's).
async fn last_finished(
    app: &App,
    user: UserId,
    chat: ChatId,
) -> Result<Option<GameRecord>, BotError> {
    let found = app
        .games
        .run(move |s| {
            let (mut before, mut seen): (Option<GameId>, usize) = (None, 0);
            while seen < SCANNED {
                let page = s.user_games(user, before, PAGE)?;
                let Some(last) = page.last() else { break };
                before = Some(last.id);
                seen += page.len();
                if let Some(g) = page.into_iter().find(|g| {
                    matches!(g.status, Status::Over { .. })
                        && may_analyse(g, user, Some(chat)).is_ok()
                }) {
                    return Ok(Some(g));
                }
            }
            Ok::<_, ServiceError>(None)
        })
        .await?;
    Ok(found)
}
