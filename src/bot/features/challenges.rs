//! Challenges: `/new` (open to anyone in a group), `/challenge` (a named person, or a link
//! from a private chat), challenge links opened with `/start`, and the Accept, Decline and
//! Withdraw buttons.

use crate::bot::chat::context::{Answer, HandlerResult, Incoming, Tap};
use crate::bot::chat::messages::{close_challenge_message, remove_keyboard, say};
use crate::bot::controls::callback::{self, Callback};
use crate::bot::controls::keyboard;
use crate::bot::error::BotError;
use crate::bot::play;
use crate::bot::play::challenges::{CASUAL, GameArgs, new_challenge, post, show, terms};
use crate::bot::state::App;
use crate::bot::texts::{Texts, escape};
use crate::engine::Variant;
use crate::game::{
    ChallengeId, ChallengeRecord, ChallengeStatus, ChallengeTarget, ChatId, LinkToken, MessageId,
    TimeControl, UserId,
};
use teloxide::prelude::*;
use teloxide::types::Me;
use teloxide::types::{MessageEntityKind, User};

/// `/new [variant] [time]`: a challenge anyone in the group may accept.
pub async fn on_new(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    let Some(a) = game_args(&app, &m, t, &arg).await? else {
        return Ok(());
    };
    create(&app, m.chat, m.user, ChallengeTarget::Open, a, t).await
}

/// `/challenge @user [variant] [time]` (or as a reply) in a group; in a private chat, a
/// link to send a friend.
pub async fn on_challenge(
    app: App,
    m: Incoming,
    t: &'static dyn Texts,
    arg: String,
    me: Me,
) -> HandlerResult {
    let Some(a) = game_args(&app, &m, t, &arg).await? else {
        return Ok(());
    };
    if m.private() {
        return link(&app, m.chat, &m.from, a, &me, t).await;
    }
    match target(&m.msg, &a.rest) {
        Some(target) => create(&app, m.chat, m.user, target, a, t).await,
        None => {
            say(&app, m.chat, Some(m.id()), &t.challenge_usage(), None).await?;
            Ok(())
        }
    }
}

/// The variant and time control a command asks for (the chat's defaults where it names
/// none), and its other words; `None` when it was answered with an unknown variant.
async fn game_args(
    app: &App,
    m: &Incoming,
    t: &dyn Texts,
    args: &str,
) -> Result<Option<GameArgs>, BotError> {
    let chat = m.chat;
    let now = app.now();
    let settings = app.games.run(move |s| s.chat(chat, now)).await?.settings;
    match parse_game_args(args, &settings.variant, settings.time_control) {
        Ok(x) => Ok(Some(x)),
        Err(bad) => {
            say(
                app,
                m.chat,
                Some(m.id()),
                &t.unknown_variant(&escape(&bad)),
                None,
            )
            .await?;
            Ok(None)
        }
    }
}

/// Split command arguments into a variant (or the default), a time control, whether
/// the game is casual, and the rest.
fn parse_game_args(
    args: &str,
    default_variant: &Variant,
    default_tc: TimeControl,
) -> Result<GameArgs, String> {
    let mut a = GameArgs {
        variant: default_variant.clone(),
        tc: default_tc,
        casual: false,
        rest: Vec::new(),
    };
    for w in args.split_whitespace() {
        if let Ok(v) = Variant::parse(w) {
            a.variant = v;
        } else if let Ok(x) = w.parse::<TimeControl>() {
            a.tc = x;
        } else if CASUAL.contains(&w.to_lowercase().as_str()) {
            a.casual = true;
        } else {
            a.rest.push(w.to_string());
        }
    }
    if a.variant.rules().solo {
        return Err(a.variant.id().id().to_string());
    }
    Ok(a)
}

/// Whom `/challenge` names: the replied-to user, a text mention, or `@username`.
fn target(msg: &Message, rest: &[String]) -> Option<ChallengeTarget> {
    if let Some(u) = msg.reply_to_message().and_then(|r| r.from.as_ref())
        && !u.is_bot
    {
        return Some(ChallengeTarget::User(UserId(u.id.0)));
    }
    for e in msg.entities().unwrap_or_default() {
        if let MessageEntityKind::TextMention { user } = &e.kind {
            return Some(ChallengeTarget::User(UserId(user.id.0)));
        }
    }
    rest.iter()
        .find_map(|w| w.strip_prefix('@'))
        .filter(|n| !n.is_empty())
        .map(|n| ChallengeTarget::Username(n.to_string()))
}

/// Open a challenge in a group chat and post it (a refusal, such as too many open
/// challenges, is said in the chat).
async fn create(
    app: &App,
    chat: ChatId,
    from: UserId,
    target: ChallengeTarget,
    a: GameArgs,
    t: &dyn Texts,
) -> HandlerResult {
    let new = new_challenge(chat, from, target, &a);
    let now = app.now();
    match app.games.run(move |s| s.create_challenge(new, now)).await {
        Ok(c) => post(app, &c, t).await,
        Err(e) => {
            let text = crate::bot::error::refusal(&e, t).unwrap_or_else(|| t.try_again());
            say(app, chat, None, &escape(&text), None).await?;
            Ok(())
        }
    }
}

/// `/challenge` in a private chat: a link a friend opens to accept (the game is then
/// played in the friend's private chat with the bot, and announced to the challenger).
async fn link(
    app: &App,
    chat: ChatId,
    from: &User,
    a: GameArgs,
    me: &Me,
    t: &dyn Texts,
) -> HandlerResult {
    let token = LinkToken::random()?;
    let target = ChallengeTarget::Link(token);
    let new = new_challenge(chat, UserId(from.id.0), target, &a);
    let now = app.now();
    let c = app.games.run(move |s| s.create_challenge(new, now)).await?;
    let mut link = url::Url::parse("https://t.me/")
        .and_then(|u| u.join(me.username()))
        .map_err(|e| BotError::config("the bot's link", e))?;
    link.query_pairs_mut()
        .append_pair("start", &callback::link_payload(c.id, token));
    let (v, tc) = (t.variant_name(c.variant.id()), terms(&c, t));
    let text = t.challenge_link(&v, &tc, link.as_str());
    let casual = if c.rated { "" } else { " casual" };
    let query = format!("{} {}{casual}", c.variant.id(), c.time_control);
    let buttons = keyboard::share_link(c.id, &link, &t.share_text(&v, &tc), &query, t);
    show(app, &c, &text, buttons).await
}

/// Accept, Decline or Withdraw.
pub async fn on_answer(
    app: App,
    tap: Tap,
    (id, accept, link): (ChallengeId, bool, Option<LinkToken>),
) -> HandlerResult {
    let t = tap.texts();
    let Ok(c) = app.games.run(move |s| s.challenge(id)).await else {
        return tap.reply(Answer::Alert(t.bad_button()));
    };
    let at = Where::of(&tap, &c);
    if at.via_link && !accept {
        tap.answer(Answer::Silent).await;
        if at.own_buttons {
            remove_keyboard(&app, tap.query()).await;
        }
        return Ok(());
    }
    let r = if accept {
        accept_it(&app, &tap, id, link, at).await
    } else {
        decline_it(&app, &tap, id, at).await
    };
    if let Err(e) = r {
        return tap.reply(Answer::Alert(
            crate::bot::error::refusal(&e, t).unwrap_or_else(|| t.try_again()),
        ));
    }
    Ok(())
}

/// Where a challenge button was tapped.
#[derive(Clone, Copy)]
struct Where {
    /// A challenge link answered from another chat (the friend's private chat).
    via_link: bool,
    /// The tapped message carries this challenge's buttons (Telegram sends the markup; the
    /// data alone could be forged on any message).
    own_buttons: bool,
    /// The challenge's own message, when it was tapped there: its id may not be stored
    /// yet when someone taps the moment it appears.
    tapped: Option<MessageId>,
}

impl Where {
    fn of(tap: &Tap, c: &ChallengeRecord) -> Where {
        let q = tap.query();
        let via_link = c.chat != tap.chat();
        let own_buttons = q
            .regular_message()
            .and_then(|m| m.reply_markup())
            .is_some_and(|k| {
                keyboard::callbacks(k).iter().any(
                    |d| matches!(Callback::decode(d), Ok(Callback::Challenge { id, .. }) if id == c.id),
                )
            });
        let tapped = q
            .regular_message()
            .filter(|_| !via_link && own_buttons)
            .map(|m| MessageId(m.id.0));
        Where {
            via_link,
            own_buttons,
            tapped,
        }
    }
}

async fn accept_it(
    app: &App,
    tap: &Tap,
    id: ChallengeId,
    link: Option<LinkToken>,
    at: Where,
) -> Result<(), crate::game::ServiceError> {
    let (user, chat, t) = (tap.user(), tap.chat(), tap.texts());
    let username = tap.query().from.username.clone();
    let now = app.now();
    let (c, g) = app
        .games
        .run(move |s| s.accept_challenge_in(id, user, username.as_deref(), Some(chat), link, now))
        .await?;
    tap.answer(Answer::Silent).await;
    let from = app.user_mention(c.from).await;
    let by = app.user_mention(user).await;
    close_challenge_message(app, &c, at.tapped, &t.challenge_accepted(&from, &by)).await;
    if at.via_link && at.own_buttons {
        remove_keyboard(app, tap.query()).await;
    }
    play::changed(app, g);
    Ok(())
}

async fn decline_it(
    app: &App,
    tap: &Tap,
    id: ChallengeId,
    at: Where,
) -> Result<(), crate::game::ServiceError> {
    let (user, t) = (tap.user(), tap.texts());
    let username = tap.query().from.username.clone();
    let now = app.now();
    let c = app
        .games
        .run(move |s| s.decline_challenge(id, user, username.as_deref(), now))
        .await?;
    tap.answer(Answer::Silent).await;
    let from = app.user_mention(c.from).await;
    let text = if c.status == ChallengeStatus::Cancelled {
        t.challenge_withdrawn(&from)
    } else {
        let by = app.user_mention(user).await;
        t.challenge_declined(&from, &by)
    };
    close_challenge_message(app, &c, at.tapped, &text).await;
    Ok(())
}
