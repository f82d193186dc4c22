//! The update routing: every message and tap goes through the stages here (liveness and
//! metrics, the sender's profile, the per-user rate limit, the language) to one endpoint
//! per command and one per kind of button, each in the module of its feature.

use crate::bot::chat::context::{Answer, HandlerResult, Incoming, Tap, report};
use crate::bot::chat::messages::say;
use crate::bot::controls::callback::Callback;
use crate::bot::controls::commands::Command;
use crate::bot::error::BotError;
use crate::bot::features::actions;
use crate::bot::features::analysis;
use crate::bot::features::challenges;
use crate::bot::features::games;
use crate::bot::features::inline;
use crate::bot::features::lobby;
use crate::bot::features::membership;
use crate::bot::features::membership::migration;
use crate::bot::features::moves;
use crate::bot::features::program;
use crate::bot::features::settings;
use crate::bot::features::start;
use crate::bot::features::stats;
use crate::bot::features::tournaments;
use crate::bot::features::training;
use crate::bot::metrics;
use crate::bot::state::turn_notices::Place;
use crate::bot::state::{Allowance, App};
use crate::bot::telegram;
use crate::bot::texts::Texts;
use dptree::case;
use dptree::di::{CompiledFn, DependencyMap, Injectable};
use std::collections::BTreeSet;
use std::sync::Arc;
use teloxide::dispatching::{HandlerExt, UpdateFilterExt, UpdateHandler};
use teloxide::prelude::*;
use teloxide::types::Me;

/// The update handler tree.
pub fn schema() -> UpdateHandler<BotError> {
    dptree::entry()
        .inspect(|app: App, u: Update| {
            app.tg.live().touch();
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
                    app.people
                        .notices()
                        .looked(m.user, Place::Chat(m.chat), app.now());
                })
                .branch(
                    dptree::entry()
                        .filter_command::<Command>()
                        .map_async(|app: App, m: Incoming| async move { m.texts(&app).await })
                        .branch(dptree::filter_map(over_limit).chain(on_message(slow_down)))
                        .branch(dptree::filter(wrong_chat).chain(on_message(only_elsewhere)))
                        .branch(commands()),
                )
                .branch(
                    dptree::filter(|m: Incoming| !m.text.starts_with('/'))
                        .chain(on_message(moves::on_text)),
                ),
        )
}

/// One endpoint per command.
fn commands() -> UpdateHandler<BotError> {
    dptree::entry()
        .branch(case![Command::Start(arg)].chain(on_message(start::on_start)))
        .branch(case![Command::Help].chain(on_message(start::on_help)))
        .branch(case![Command::Rules(arg)].chain(on_message(start::on_rules)))
        .branch(case![Command::Variants].chain(on_message(start::on_variants)))
        .branch(case![Command::Lang(arg)].chain(on_message(settings::on_lang)))
        .branch(case![Command::Settings(arg)].chain(on_message(settings::on_settings)))
        .branch(
            case![Command::Play(arg)]
                .filter(|arg: String| lobby::is_table_arg(&arg))
                .chain(on_message(lobby::on_play)),
        )
        .branch(case![Command::Play(arg)].chain(on_message(program::on_play)))
        .branch(case![Command::Train(arg)].chain(on_message(training::on_train)))
        .branch(
            case![Command::New(arg)]
                .filter(|arg: String| lobby::is_table_arg(&arg))
                .chain(on_message(lobby::on_new)),
        )
        .branch(case![Command::New(arg)].chain(on_message(challenges::on_new)))
        .branch(case![Command::Challenge(arg)].chain(on_message(challenges::on_challenge)))
        .branch(case![Command::M(arg)].chain(on_message(moves::on_m)))
        .branch(case![Command::Games].chain(on_message(games::on_games)))
        .branch(case![Command::Board].chain(on_message(actions::on_board)))
        .branch(case![Command::Resign].chain(on_message(actions::on_resign)))
        .branch(case![Command::Draw].chain(on_message(actions::on_draw)))
        .branch(case![Command::Abort].chain(on_message(actions::on_abort)))
        .branch(case![Command::Takeback].chain(on_message(actions::on_takeback)))
        .branch(case![Command::Stats(arg)].chain(on_message(stats::on_stats)))
        .branch(case![Command::Top(arg)].chain(on_message(stats::on_top)))
        .branch(case![Command::History].chain(on_message(stats::history::on_history)))
        .branch(case![Command::Export].chain(on_message(stats::history::on_export)))
        .branch(case![Command::Analyze(arg)].chain(on_message(analysis::on_analyze)))
        .branch(case![Command::Tournament(arg)].chain(on_message(tournaments::on_tournament)))
        .branch(case![Command::Tournaments].chain(on_message(tournaments::on_tournaments)))
}

/// A tap's button, decoded once for every stage after it (`None`: no data, or forged).
#[derive(Clone, Debug)]
struct Decoded(Option<Callback>);

fn decode(q: CallbackQuery) -> Decoded {
    Decoded(q.data.as_deref().and_then(|d| Callback::decode(d).ok()))
}

/// A tap shows that its person is looking at the tapped chat and at the game of the
/// button (which turn notifications heed).
fn looked_by_tap(app: App, tap: Tap, button: Decoded) {
    let (user, at) = (tap.user(), app.now());
    if tap.inline().is_none() {
        app.people
            .notices()
            .looked(user, Place::Chat(tap.chat()), at);
    }
    if let Some(game) = button.0.as_ref().and_then(Callback::game) {
        app.people.notices().looked(user, Place::Game(game), at);
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
        .map(decode)
        .inspect(looked_by_tap)
        .branch(
            dptree::filter_map(|button: Decoded| button.0)
                .branch(dptree::filter(tap_over_limit).chain(on_tap(tap_slow_down)))
                .branch(buttons()),
        )
        .chain(on_tap(|tap: Tap| async move {
            tap.reply(Answer::Alert(tap.texts().bad_button()))
        }))
}

/// One endpoint per kind of button; the buttons of an inline message (a challenge or a
/// game played through inline mode) first go to the inline feature where it has its own.
fn buttons() -> UpdateHandler<BotError> {
    dptree::entry()
        .branch(
            dptree::filter(inline::is_inline)
                .branch(
                    case![Callback::Challenge { id, accept, link }]
                        .chain(on_tap(inline::on_answer)),
                )
                .branch(case![Callback::Rematch { game }].chain(on_tap(inline::on_rematch))),
        )
        .branch(case![Callback::Act { game, ply, act }].chain(on_tap(actions::on_act)))
        .branch(case![Callback::Claim { game, ply, claim }].chain(on_tap(actions::on_claim)))
        .branch(case![Callback::Noop].chain(on_tap(moves::on_noop)))
        .branch(case![Callback::Tap { game, ply, square }].chain(on_tap(moves::on_square)))
        .branch(
            case![Callback::Move {
                game,
                ply,
                from,
                to,
                confirmed
            }]
            .chain(on_tap(moves::on_move)),
        )
        .branch(case![Callback::Reset { game, ply }].chain(on_tap(moves::on_reset)))
        .branch(case![Callback::Pass { game, ply }].chain(on_tap(moves::on_pass)))
        .branch(case![Callback::Resign { game }].chain(on_tap(actions::on_resign_tap)))
        .branch(case![Callback::Draw { game, accept }].chain(on_tap(actions::on_draw_tap)))
        .branch(case![Callback::Takeback { game, accept }].chain(on_tap(actions::on_takeback_tap)))
        .branch(case![Callback::Rematch { game }].chain(on_tap(actions::on_rematch)))
        .branch(case![Callback::Export { game, gif }].chain(on_tap(stats::history::on_export_tap)))
        .branch(case![Callback::Analyze { game }].chain(on_tap(analysis::on_analyze_tap)))
        .branch(
            case![Callback::Challenge { id, accept, link }].chain(on_tap(challenges::on_answer)),
        )
        .branch(
            case![Callback::Play {
                variant,
                colour,
                level
            }]
            .chain(on_tap(program::on_play_step)),
        )
        .branch(case![Callback::Lobby { game, act }].chain(on_tap(lobby::on_tap)))
        .branch(case![Callback::Tournament { id, act }].chain(on_tap(tournaments::on_tap)))
        .branch(case![Callback::Lang(l)].chain(on_tap(settings::on_lang_tap)))
        .branch(case![Callback::Setting(setting)].chain(on_tap(settings::on_setting)))
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
    match app.people.check_action(m.user.0) {
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
            | Callback::Lobby { .. }
            | Callback::Tournament { .. }
    ) && !app.people.allow_action(tap.user().0)
}

async fn tap_slow_down(tap: Tap) -> HandlerResult {
    tap.reply(Answer::Toast(tap.texts().slow_down()))
}

/// What a feature's handler returned, for the last stage of its update (which reports a
/// failed message or answers a tap however the handler ended).
#[derive(Clone)]
struct Handled(Arc<HandlerResult>);

/// A feature's handler `f` wrapped so that it hands its result on (see [`Handled`]): its
/// inputs are `f`'s own, so the dispatcher's type check sees what `f` needs.
struct HandOn<F>(F);

impl<F, Args> Injectable<Handled, Args> for HandOn<F>
where
    F: Injectable<HandlerResult, Args>,
{
    fn inject<'a>(&'a self, deps: &'a DependencyMap) -> CompiledFn<'a, Handled> {
        let run = self.0.inject(deps);
        Arc::new(move || {
            let fut = run();
            Box::pin(async move { Handled(Arc::new(fut.await)) })
        })
    }

    fn input_types() -> BTreeSet<dptree::Type> {
        F::input_types()
    }
}

/// The endpoint of a message handler `f`: a failure is told in the chat, nothing is lost.
#[track_caller]
fn on_message<F, Args>(f: F) -> UpdateHandler<BotError>
where
    F: Injectable<HandlerResult, Args> + Send + Sync + 'static,
{
    dptree::map_async(HandOn(f)).endpoint(report_error)
}

/// A tap handler `f` wrapped as [`HandOn`] does, run on behalf of its tap: every call it
/// makes, and every view update it asks for, is checked to come after the tap's answer
/// ([`telegram::check_answered`]).
struct HandOnTap<F>(F);

impl<F, Args> Injectable<Handled, Args> for HandOnTap<F>
where
    F: Injectable<HandlerResult, Args>,
{
    fn inject<'a>(&'a self, deps: &'a DependencyMap) -> CompiledFn<'a, Handled> {
        let run = self.0.inject(deps);
        let tap: Arc<Tap> = deps.get();
        Arc::new(move || {
            let fut = run();
            let cause = tap.cause();
            Box::pin(async move { Handled(Arc::new(telegram::on_behalf_of(cause, fut).await)) })
        })
    }

    fn input_types() -> BTreeSet<dptree::Type> {
        let mut types = F::input_types();
        types.insert(dptree::Type::of::<Tap>());
        types
    }
}

/// The endpoint of a tap handler `f`: the query is answered, with `f`'s reply or the
/// explanation of its error.
#[track_caller]
fn on_tap<F, Args>(f: F) -> UpdateHandler<BotError>
where
    F: Injectable<HandlerResult, Args> + Send + Sync + 'static,
{
    dptree::map_async(HandOnTap(f)).endpoint(answer_tap)
}

async fn report_error(app: App, m: Incoming, r: Handled) -> HandlerResult {
    if let Err(e) = r.0.as_ref() {
        report(&app, m.chat, Some(m.user), e).await;
    }
    Ok(())
}

async fn answer_tap(tap: Tap, r: Handled) -> HandlerResult {
    tap.finish(r.0.as_ref()).await;
    Ok(())
}
