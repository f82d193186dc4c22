//! A challenge's shared steps: its message (text, terms, buttons) posted and remembered,
//! a rematch offered, a challenge link opened.

use crate::bot::chat::context::{HandlerResult, Incoming};
use crate::bot::chat::messages::say;
use crate::bot::controls::keyboard;
use crate::bot::state::App;
use crate::bot::texts::Texts;
use crate::bot::texts::escape;
use crate::engine::Variant;
use crate::game::{
    ChallengeId, ChallengeRecord, ChallengeStatus, ChallengeTarget, ChatId, ColourChoice,
    LinkToken, MessageId, NewChallenge, TimeControl, UserId,
};

/// Words that make a challenge unrated.
pub const CASUAL: [&str; 3] = ["casual", "unrated", "товарищеская"];

/// What a challenge command asks for.
pub struct GameArgs {
    pub variant: Variant,
    pub tc: TimeControl,
    /// Unrated (`casual`): takebacks are possible.
    pub casual: bool,
    /// The other words (whom to challenge).
    pub rest: Vec<String>,
}

/// Post a new group challenge with its buttons, and remember its message.
pub async fn post(app: &App, c: &ChallengeRecord, t: &dyn Texts) -> HandlerResult {
    let text = text(app, c, t).await;
    let targeted = c.target != ChallengeTarget::Open;
    let kb = keyboard::challenge(c.id, targeted, t);
    show(app, c, &text, kb).await
}

/// Post `text` for challenge `c` with its buttons, and remember the message (to close it
/// when the challenge is answered or lapses).
pub async fn show(
    app: &App,
    c: &ChallengeRecord,
    text: &str,
    kb: teloxide::types::InlineKeyboardMarkup,
) -> HandlerResult {
    let m = say(app, c.chat, None, text, Some(kb)).await?;
    let (cid, mid) = (c.id, MessageId(m.id.0));
    let now = app.now();
    app.games
        .run(move |s| s.set_challenge_message(cid, mid, now))
        .await?;
    Ok(())
}

/// A challenge on the terms `a` asks for, colours drawn at the start.
pub fn new_challenge(
    chat: ChatId,
    from: UserId,
    target: ChallengeTarget,
    a: &GameArgs,
) -> NewChallenge {
    NewChallenge {
        chat,
        message: None,
        from,
        target,
        variant: a.variant.clone(),
        time_control: a.tc,
        colour: ColourChoice::Random,
        rated: !a.casual,
    }
}

/// A rematch of a finished game: the same people, variant, clock and rating, colours
/// swapped, offered to the opponent.
pub async fn rematch(
    app: &App,
    chat: ChatId,
    from: UserId,
    opponent: UserId,
    g: &crate::game::GameRecord,
    colour: crate::engine::Color,
    t: &dyn Texts,
) -> HandlerResult {
    // A table's rematch is a lobby with the same seats (the lobby feature's).
    let Some(variant) = g.variant.two().cloned() else {
        return Ok(());
    };
    let target = ChallengeTarget::User(opponent);
    let new = NewChallenge {
        colour: match colour {
            crate::engine::Color::White => ColourChoice::Black,
            crate::engine::Color::Black => ColourChoice::White,
        },
        ..new_challenge(
            chat,
            from,
            target,
            &GameArgs {
                variant,
                tc: g.time_control,
                casual: !g.rated,
                rest: Vec::new(),
            },
        )
    };
    let now = app.now();
    let c = app.games.run(move |s| s.create_challenge(new, now)).await?;
    post(app, &c, t).await
}

/// A challenge's time control, and whether it is casual.
pub fn terms(c: &ChallengeRecord, t: &dyn Texts) -> String {
    let tc = t.time_control(&c.time_control);
    if c.rated {
        tc
    } else {
        format!("{tc}, {}", t.casual())
    }
}

/// What a challenge message says.
pub async fn text(app: &App, c: &ChallengeRecord, t: &dyn Texts) -> String {
    let from = app.user_mention(c.from).await;
    let v = t.variant_name(c.variant.id());
    let tc = terms(c, t);
    match &c.target {
        ChallengeTarget::Open | ChallengeTarget::Link(_) => t.open_challenge(&from, &v, &tc),
        ChallengeTarget::User(u) => {
            let to = app.user_mention(*u).await;
            t.targeted_challenge(&from, &to, &v, &tc)
        }
        ChallengeTarget::Username(n) => {
            t.targeted_challenge(&from, &format!("@{}", escape(n)), &v, &tc)
        }
        ChallengeTarget::Inline { user, username, .. } => {
            let to = match (user, username) {
                (Some(u), _) => Some(app.user_mention(*u).await),
                (None, Some(n)) => Some(format!("@{}", escape(n))),
                (None, None) => None,
            };
            t.inline_challenge(&from, to.as_deref(), &v, &tc)
        }
    }
}

/// Someone opened a challenge link (`/start c<id>_<token>`): show it with an Accept
/// button that carries the token. A wrong token is answered as a lapsed link, so a guess
/// learns nothing about which challenges exist.
pub async fn open_link(
    app: &App,
    m: &Incoming,
    id: ChallengeId,
    token: LinkToken,
    t: &dyn Texts,
) -> HandlerResult {
    let c = match app.games.run(move |s| s.challenge(id)).await {
        Ok(c)
            if c.status == ChallengeStatus::Open
                && matches!(&c.target, ChallengeTarget::Link(k) if k.matches(&token)) =>
        {
            c
        }
        _ => {
            say(app, m.chat, None, &t.bad_link(), None).await?;
            return Ok(());
        }
    };
    if c.from == m.user {
        say(app, m.chat, None, &t.own_challenge(), None).await?;
        return Ok(());
    }
    let who = app.user_mention(c.from).await;
    let v = t.variant_name(c.variant.id());
    let text = t.link_challenge(&who, &v, &terms(&c, t));
    let kb = keyboard::link_challenge(c.id, token, t);
    say(app, m.chat, None, &text, Some(kb)).await?;
    Ok(())
}
