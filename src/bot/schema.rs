//! The update routing: every message and tap goes through the stages here (liveness and
//! metrics, the sender's profile, the per-user rate limit, the language) to one endpoint
//! per command and one per kind of button, each in the module of its feature.

use super::actions;
use super::app::{Allowance, App};
use super::callback::Callback;
use super::challenges;
use super::commands::Command;
use super::context::{Answer, HandlerResult, Incoming, Tap, report};
use super::error::BotError;
use super::games;
use super::inline;
use super::membership;
use super::metrics;
use super::migration;
use super::moves;
use super::notices::Place;
use super::program;
use super::send::say;
use super::settings;
use super::start;
use super::stats;
use super::texts::Texts;
use super::training;
use dptree::case;
use dptree::di::DependencyMap;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::sync::Arc;
use teloxide::dispatching::{DpHandlerDescription, HandlerExt, UpdateFilterExt, UpdateHandler};
use teloxide::prelude::*;
use teloxide::types::Me;

/// The update handler tree.
pub fn schema() -> UpdateHandler<BotError> {
    dptree::entry()
        .inspect(|app: App, u: Update| {
            app.live.touch();
            metrics::update(&u);
        })
        .branch(messages())
        .branch(taps())
        .branch(inline_queries())
        .branch(
            Update::filter_my_chat_member()
                .filter_map(membership::of)
                .endpoint(membership::on_my_member),
        )
}

/// Inline queries: `@bot` in any chat offers games to post there.
fn inline_queries() -> UpdateHandler<BotError> {
    Update::filter_inline_query()
        .inspect_async(|app: App, q: InlineQuery| async move { app.touch(&q.from).await })
        .endpoint(inline::on_query)
}

/// Messages: a group's move to a supergroup, an anonymous admin, then a person's
/// commands and typed moves.
fn messages() -> UpdateHandler<BotError> {
    Update::filter_message()
        .branch(dptree::filter_map(migration::of).endpoint(migration::on_migrate))
        .branch(
            dptree::filter(settings::is_anonymous_admin)
                .filter_command::<Command>()
                .endpoint(settings::anonymous_admin),
        )
        .branch(
            dptree::filter_map(Incoming::of)
                .inspect_async(|app: App, m: Incoming| async move { app.touch(&m.from).await })
                .inspect_async(|app: App, m: Incoming| async move {
                    membership::seen(&app, m.chat).await
                })
                .inspect(|app: App, m: Incoming| {
                    app.notices.looked(m.user, Place::Chat(m.chat), app.now());
                })
                .chain(after(report_error))
                .branch(
                    dptree::entry()
                        .filter_command::<Command>()
                        .map_async(|app: App, m: Incoming| async move { m.texts(&app).await })
                        .branch(dptree::filter_map(over_limit).endpoint(slow_down))
                        .branch(dptree::filter(wrong_chat).endpoint(only_elsewhere))
                        .branch(commands()),
                )
                .branch(
                    dptree::filter(|m: Incoming| !m.text.starts_with('/')).endpoint(moves::on_text),
                ),
        )
}

/// One endpoint per command.
fn commands() -> UpdateHandler<BotError> {
    dptree::entry()
        .branch(case![Command::Start(arg)].endpoint(start::on_start))
        .branch(case![Command::Help].endpoint(start::on_help))
        .branch(case![Command::Rules(arg)].endpoint(start::on_rules))
        .branch(case![Command::Variants].endpoint(start::on_variants))
        .branch(case![Command::Lang(arg)].endpoint(settings::on_lang))
        .branch(case![Command::Settings(arg)].endpoint(settings::on_settings))
        .branch(case![Command::Play(arg)].endpoint(program::on_play))
        .branch(case![Command::Train(arg)].endpoint(training::on_train))
        .branch(case![Command::New(arg)].endpoint(challenges::on_new))
        .branch(case![Command::Challenge(arg)].endpoint(challenges::on_challenge))
        .branch(case![Command::M(arg)].endpoint(moves::on_m))
        .branch(case![Command::Games].endpoint(games::on_games))
        .branch(case![Command::Board].endpoint(actions::on_board))
        .branch(case![Command::Resign].endpoint(actions::on_resign))
        .branch(case![Command::Draw].endpoint(actions::on_draw))
        .branch(case![Command::Abort].endpoint(actions::on_abort))
        .branch(case![Command::Takeback].endpoint(actions::on_takeback))
        .branch(case![Command::Stats(arg)].endpoint(stats::on_stats))
        .branch(case![Command::Top(arg)].endpoint(stats::on_top))
        .branch(case![Command::History].endpoint(stats::on_history))
        .branch(case![Command::Export].endpoint(stats::on_export))
}

/// A tap shows that its person is looking at the tapped chat and at the game of the
/// button (which turn notifications heed).
fn looked_by_tap(app: App, tap: Tap) {
    let (user, at) = (tap.user(), app.now());
    if tap.inline().is_none() {
        app.notices.looked(user, Place::Chat(tap.chat()), at);
    }
    let data = tap.query().data.as_deref();
    if let Some(game) = data.and_then(|d| Callback::decode(d).ok()?.game()) {
        app.notices.looked(user, Place::Game(game), at);
    }
}

/// Taps: every one is answered exactly once (see [`Tap`]), a forged or unreadable one
/// with an alert.
fn taps() -> UpdateHandler<BotError> {
    Update::filter_callback_query()
        .inspect_async(|app: App, q: CallbackQuery| async move { app.touch(&q.from).await })
        .map_async(Tap::new)
        .inspect_async(|app: App, tap: Tap| async move {
            if tap.inline().is_none() {
                membership::seen(&app, tap.chat()).await;
            }
        })
        .inspect(looked_by_tap)
        .chain(after(answer_tap))
        .branch(
            dptree::filter_map(|q: CallbackQuery| Callback::decode(q.data.as_deref()?).ok())
                .branch(dptree::filter(tap_over_limit).endpoint(tap_slow_down))
                .branch(buttons()),
        )
        .endpoint(|tap: Tap| async move { tap.reply(Answer::Alert(tap.texts().bad_button())) })
}

/// One endpoint per kind of button; the buttons of an inline message (a challenge or a
/// game played through inline mode) first go to the inline feature where it has its own.
fn buttons() -> UpdateHandler<BotError> {
    dptree::entry()
        .branch(
            dptree::filter(inline::is_inline)
                .branch(case![Callback::Challenge { id, accept, link }].endpoint(inline::on_answer))
                .branch(case![Callback::Rematch { game }].endpoint(inline::on_rematch)),
        )
        .branch(case![Callback::Act { game, ply, act }].endpoint(inline::on_act))
        .branch(case![Callback::Claim { game, ply, claim }].endpoint(actions::on_claim))
        .branch(case![Callback::Noop].endpoint(moves::on_noop))
        .branch(case![Callback::Tap { game, ply, square }].endpoint(moves::on_square))
        .branch(
            case![Callback::Move {
                game,
                ply,
                from,
                to,
                confirmed
            }]
            .endpoint(moves::on_move),
        )
        .branch(case![Callback::Reset { game, ply }].endpoint(moves::on_reset))
        .branch(case![Callback::Resign { game }].endpoint(actions::on_resign_tap))
        .branch(case![Callback::Draw { game, accept }].endpoint(actions::on_draw_tap))
        .branch(case![Callback::Takeback { game, accept }].endpoint(actions::on_takeback_tap))
        .branch(case![Callback::Rematch { game }].endpoint(actions::on_rematch))
        .branch(case![Callback::Export { game, gif }].endpoint(stats::on_export_tap))
        .branch(case![Callback::Challenge { id, accept, link }].endpoint(challenges::on_answer))
        .branch(
            case![Callback::Play {
                variant,
                colour,
                level
            }]
            .endpoint(program::on_play_step),
        )
        .branch(case![Callback::Lang(l)].endpoint(settings::on_lang_tap))
        .branch(case![Callback::Setting { key, value }].endpoint(settings::on_setting))
}

/// A refused command: whether to say so (once a minute; otherwise quietly).
#[derive(Clone, Copy, Debug)]
struct SlowDown {
    tell: bool,
}

/// Every command answers with a message (some with a picture, a store scan or a new
/// record), so a flood of them is limited per user; `/m` is a move, never limited (its
/// refusals count where they are explained).
fn over_limit(app: App, m: Incoming, cmd: Command) -> Option<SlowDown> {
    if matches!(cmd, Command::M(_)) {
        return None;
    }
    match app.check_action(m.user.0) {
        Allowance::Allowed => None,
        Allowance::Refused { tell } => Some(SlowDown { tell }),
    }
}

async fn slow_down(app: App, m: Incoming, t: &'static dyn Texts, s: SlowDown) -> HandlerResult {
    if s.tell {
        say(&app, m.chat, Some(m.id()), &t.slow_down(), None).await?;
    }
    Ok(())
}

/// A command for the other kind of chat.
fn wrong_chat(m: Incoming, cmd: Command) -> bool {
    (cmd.private_only() && !m.private()) || (cmd.group_only() && m.private())
}

/// Say where the command works.
async fn only_elsewhere(app: App, m: Incoming, t: &'static dyn Texts, me: Me) -> HandlerResult {
    let text = if m.private() {
        t.group_only()
    } else {
        t.private_only(me.username())
    };
    say(&app, m.chat, Some(m.id()), &text, None).await?;
    Ok(())
}

/// Buttons that redraw a board, write records or start games count against the user's
/// limit (exports and `/play` steps count where they act). Taps that make a move (a
/// piece, its destination, a cancelled selection) are never limited: only their refusals
/// count, where they are refused.
fn tap_over_limit(app: App, tap: Tap, cb: Callback) -> bool {
    matches!(
        cb,
        Callback::Resign { .. }
            | Callback::Draw { .. }
            | Callback::Takeback { .. }
            | Callback::Rematch { .. }
            | Callback::Challenge { .. }
            | Callback::Act { .. }
            | Callback::Claim { .. }
            | Callback::Lang(_)
            | Callback::Setting { .. }
    ) && !app.allow_action(tap.user().0)
}

async fn tap_slow_down(tap: Tap) -> HandlerResult {
    tap.reply(Answer::Toast(tap.texts().slow_down()))
}

/// A failed message handler: the chat is told, nothing is lost.
async fn report_error(app: App, m: Arc<Incoming>, r: HandlerResult) -> HandlerResult {
    if let Err(e) = &r {
        report(&app, m.chat, Some(m.user), e).await;
    }
    Ok(())
}

/// A tap handled (or failed): its query is answered.
async fn answer_tap(_app: App, tap: Arc<Tap>, r: HandlerResult) -> HandlerResult {
    tap.finish(r).await
}

/// A stage that runs the rest of its chain, then hands the endpoint's result to `finish`
/// with the dependency `T` (for what must happen however a handler ends). When no
/// endpoint takes the update, `finish` is given `Ok`.
#[track_caller]
fn after<T, F, Fut>(finish: F) -> UpdateHandler<BotError>
where
    T: Send + Sync + 'static,
    F: Fn(App, Arc<T>, HandlerResult) -> Fut + Send + Sync + Clone + 'static,
    Fut: std::future::Future<Output = HandlerResult> + Send + 'static,
{
    let here = std::panic::Location::caller();
    let sig = dptree::HandlerSignature::Other {
        obligations: BTreeMap::from([
            (dptree::Type::of::<App>(), here),
            (dptree::Type::of::<T>(), here),
        ]),
        guaranteed_outcomes: BTreeSet::new(),
        conditional_outcomes: BTreeSet::new(),
        continues: false,
    };
    dptree::from_fn::<_, _, _, DpHandlerDescription>(
        move |deps: DependencyMap, rest| {
            let finish = finish.clone();
            async move {
                let app = App::clone(&deps.get::<App>());
                let ctx = deps.get::<T>();
                let r = match rest(deps).await {
                    ControlFlow::Break(r) => r,
                    ControlFlow::Continue(_) => Ok(()),
                };
                ControlFlow::Break(finish(app, ctx, r).await)
            }
        },
        sig,
    )
}
