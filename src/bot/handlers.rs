//! Update handlers: commands, typed moves and button taps.

use super::app::{Allowance, App, now};
use super::callback::{self, Callback, SettingKey};
use super::commands::Command;
use super::error::BotError;
use super::flow::{self, Attempt};
use super::keyboard;
use super::send::{self, close_challenge_message, edit_text, remove_keyboard, say};
use super::stats;
use super::texts::{Texts, escape, mention, texts};
use super::tg;
use super::view::{self, Ui};
use crate::engine::{Color, Variant, VariantId, read_squares};
use crate::game::{
    ChallengeId, ChallengeRecord, ChallengeStatus, ChallengeTarget, ChatId, ColourChoice, Expect,
    GameId, GameRecord, Language, LinkToken, MessageId, MoveInput, NewChallenge, NewGame,
    Orientation, Player, ServiceError, TimeControl, UserId,
};
use teloxide::payloads::AnswerCallbackQuerySetters;
use teloxide::prelude::*;
use teloxide::types::{
    CallbackQuery, InlineKeyboardButtonKind, InlineKeyboardMarkup, Me, MessageEntityKind, User,
};
use teloxide::utils::command::BotCommands;

/// The handler result type the dispatcher expects.
pub type HandlerResult = Result<(), BotError>;

fn uid(u: &User) -> UserId {
    UserId(u.id.0)
}

fn chat_of(msg: &Message) -> ChatId {
    ChatId(msg.chat.id.0)
}

/// Entry point for messages.
pub async fn on_message(app: App, msg: Message, me: Me) -> HandlerResult {
    // Telegram announces a group's upgrade to a supergroup in both chats.
    let migration = match (msg.migrate_to_chat_id(), msg.migrate_from_chat_id()) {
        (Some(to), _) => Some((chat_of(&msg), ChatId(to.0))),
        (_, Some(from)) => Some((ChatId(from.0), chat_of(&msg))),
        _ => None,
    };
    if let Some((from, to)) = migration {
        if let Err(e) = migrate(&app, from, to).await {
            tracing::warn!(%from, %to, error = %e, "could not move a group's games to its supergroup");
        }
        return Ok(());
    }
    let Some(from) = msg.from.clone() else {
        return Ok(());
    };
    if from.is_bot {
        if is_anonymous_admin(&msg) {
            return anonymous_admin(&app, &msg, &me).await;
        }
        return Ok(());
    }
    let Some(text) = msg.text().map(str::to_string) else {
        return Ok(());
    };
    app.touch(&from).await;
    let r = if text.starts_with('/') {
        match Command::parse(&text, me.username()) {
            // Every command answers with a message (some with a picture, a store scan or a
            // new record), so a flood of them is limited per user; moves are counted where
            // they are played.
            Ok(cmd) => match cmd {
                Command::M(_) => on_command(&app, &msg, &from, cmd, &me).await,
                _ => match app.check_action(from.id.0) {
                    Allowance::Allowed => on_command(&app, &msg, &from, cmd, &me).await,
                    Allowance::Refused { tell } => slow_down(&app, &msg, &from, tell).await,
                },
            },
            Err(_) => Ok(()),
        }
    } else {
        on_text(&app, &msg, &from, &text).await
    };
    if let Err(e) = &r {
        report(&app, chat_of(&msg), Some(uid(&from)), e).await;
    }
    Ok(())
}

/// Move a group's settings and games to the supergroup it became, and post the moved
/// games' boards there.
async fn migrate(app: &App, from: ChatId, to: ChatId) -> HandlerResult {
    let moved = app
        .games
        .run(move |s| s.migrate_chat(from, to, now()))
        .await?;
    tracing::info!(%from, %to, games = moved.len(), "a group became a supergroup");
    for g in moved {
        view::show_latest(app, g.id, None).await?;
    }
    Ok(())
}

/// A message a group admin sent anonymously: Telegram shows it as from the group itself
/// (`sender_chat`), with a stand-in bot as the sender.
fn is_anonymous_admin(msg: &Message) -> bool {
    msg.sender_chat
        .as_ref()
        .is_some_and(|c| c.id == msg.chat.id)
}

/// An anonymous admin may change the group's settings and language (only admins can be
/// anonymous); playing needs a person, so the rest is declined with a hint.
async fn anonymous_admin(app: &App, msg: &Message, me: &Me) -> HandlerResult {
    let chat = chat_of(msg);
    let Some(text) = msg.text() else {
        return Ok(());
    };
    let Ok(cmd) = Command::parse(text, me.username()) else {
        return Ok(());
    };
    let t = texts(app.chat_lang(chat, None).await);
    match cmd {
        Command::Settings(_) => settings_menu(app, chat, t).await,
        Command::Lang(arg) => match Language::from_code(arg.trim()) {
            Some(l) => {
                app.games
                    .run(move |s| s.update_chat_settings(chat, now(), |c| c.language = Some(l)))
                    .await?;
                say(app, chat, Some(msg.id), &texts(l).language_set(), None).await?;
                Ok(())
            }
            None => {
                let kb = Some(keyboard::languages());
                say(app, chat, None, &t.choose_language(), kb).await?;
                Ok(())
            }
        },
        _ => {
            say(app, chat, Some(msg.id), &t.anonymous_admin(), None).await?;
            Ok(())
        }
    }
}

/// Over the rate limit: say so once a minute, otherwise stay quiet (see [`Allowance`]).
async fn slow_down(app: &App, msg: &Message, from: &User, tell: bool) -> HandlerResult {
    if tell {
        let t = texts(app.chat_lang(chat_of(msg), Some(uid(from))).await);
        say(app, chat_of(msg), Some(msg.id), &t.slow_down(), None).await?;
    }
    Ok(())
}

/// Tell the chat that something failed (nothing is lost), and log it.
async fn report(app: &App, chat: ChatId, user: Option<UserId>, e: &BotError) {
    tracing::warn!(chat = %chat, error = %e, "handling an update failed");
    if let BotError::Telegram(_) = e {
        return;
    }
    let lang = app.chat_lang(chat, user).await;
    let t = texts(lang);
    let text = match e {
        BotError::Service(s) => flow::refusal(s, t).unwrap_or_else(|| t.try_again()),
        _ => t.try_again(),
    };
    let _ = say(app, chat, None, &text, None).await;
}

/// Which of the user's games a message refers to: a reply to a board picks that game,
/// otherwise their only game here (or the only one where it is their turn).
enum Pick {
    One(Box<GameRecord>),
    None,
    Several,
}

async fn pick_game(
    app: &App,
    chat: ChatId,
    user: UserId,
    reply_to: Option<&Message>,
) -> Result<Pick, BotError> {
    let games = app.games.read(|s| s.active_games(chat))?;
    if let Some(r) = reply_to {
        let mid = MessageId(r.id.0);
        if let Some(g) = games.iter().find(|g| g.is_board(chat, mid)) {
            return Ok(Pick::One(Box::new(g.clone())));
        }
    }
    let mine: Vec<GameRecord> = games
        .into_iter()
        .filter(|g| g.color_of(user).is_some())
        .collect();
    Ok(match mine.len() {
        0 => Pick::None,
        1 => Pick::One(Box::new(mine.into_iter().next().expect("one game"))),
        _ => {
            let my_turn: Vec<&GameRecord> = mine
                .iter()
                .filter(|g| g.color_of(user) == Some(g.side_to_move()) || g.is_solo())
                .collect();
            if my_turn.len() == 1 {
                Pick::One(Box::new(my_turn[0].clone()))
            } else {
                Pick::Several
            }
        }
    })
}

/// Whether free text looks like an attempted move (so a reason is worth replying).
fn looks_like_move(text: &str) -> bool {
    if text.chars().count() > 40 {
        return false;
    }
    match read_squares(text) {
        Ok(_) => true,
        Err(crate::engine::InputError::OneSquare(_)) => text.trim().chars().count() <= 4,
        Err(
            crate::engine::InputError::BadSquare { .. }
            | crate::engine::InputError::OffBoard { .. },
        ) => text.split_whitespace().count() <= 3,
        Err(_) => false,
    }
}

async fn on_text(app: &App, msg: &Message, from: &User, text: &str) -> HandlerResult {
    let chat = chat_of(msg);
    let user = uid(from);
    let reply_to_board = msg
        .reply_to_message()
        .filter(|r| r.from.as_ref().is_some_and(|u| u.is_bot));
    let private = chat.0 > 0;
    // In groups only replies to the board, or text that reads as squares, are moves.
    if !private && reply_to_board.is_none() && read_squares(text).is_err() {
        return Ok(());
    }
    if !looks_like_move(text) && reply_to_board.is_none() {
        return Ok(());
    }
    let lang = app.chat_lang(chat, Some(user)).await;
    let t = texts(lang);
    match pick_game(app, chat, user, reply_to_board).await? {
        Pick::One(g) => typed_move(app, msg, &g, user, text, t).await,
        // Replies to text that is no move count against the limit like commands do.
        Pick::None => {
            if (private || reply_to_board.is_some()) && app.allow_action(user.0) {
                send::tell(app, chat, user, Some(msg.id), t.no_active_game());
            }
            Ok(())
        }
        Pick::Several => {
            if app.allow_action(user.0) {
                send::tell(app, chat, user, Some(msg.id), t.several_games());
            }
            Ok(())
        }
    }
}

async fn typed_move(
    app: &App,
    msg: &Message,
    g: &GameRecord,
    user: UserId,
    text: &str,
    t: &dyn Texts,
) -> HandlerResult {
    let chat = chat_of(msg);
    if let Allowance::Refused { tell } = app.check_action(user.0) {
        if tell {
            say(app, chat, Some(msg.id), &t.slow_down(), None).await?;
        }
        return Ok(());
    }
    let attempt = flow::user_move(
        app,
        g.id,
        user,
        MoveInput::Text(text.to_string()),
        Expect::Any,
        false,
        t,
    )
    .await?;
    match attempt {
        Attempt::Played(stored) => flow::show_played(app, stored).await?,
        Attempt::Confirm { path } => {
            let kb = keyboard::confirm_return_home(g.id, g.ply(), path.from(), path.to(), t);
            let d = g.variant.rules().exit_deadline.unwrap_or(0);
            say(
                app,
                chat,
                Some(msg.id),
                &t.confirm_return_home(&path.to_string(), d),
                Some(kb),
            )
            .await?;
        }
        // A flood of bad moves gets the newest explanation, not one each.
        Attempt::Refused(reason) => {
            send::tell(app, chat, user, Some(msg.id), escape(&reason));
        }
        Attempt::Stale => {
            send::tell(app, chat, user, Some(msg.id), t.stale_button());
        }
    }
    Ok(())
}

/// Split command arguments into a variant (or the default) and a time control.
fn parse_game_args(
    args: &str,
    default_variant: &Variant,
    default_tc: TimeControl,
) -> Result<(Variant, TimeControl, Vec<String>), String> {
    let mut variant = default_variant.clone();
    let mut tc = default_tc;
    let mut rest = Vec::new();
    for w in args.split_whitespace() {
        if let Ok(v) = Variant::parse(w) {
            variant = v;
        } else if let Ok(x) = w.parse::<TimeControl>() {
            tc = x;
        } else {
            rest.push(w.to_string());
        }
    }
    if variant.rules().solo {
        return Err(variant.id().id().to_string());
    }
    Ok((variant, tc, rest))
}

async fn on_command(app: &App, msg: &Message, from: &User, cmd: Command, me: &Me) -> HandlerResult {
    let chat = chat_of(msg);
    let user = uid(from);
    let private = chat.0 > 0;
    let lang = app.chat_lang(chat, Some(user)).await;
    let t = texts(lang);
    match cmd {
        Command::Start(arg) => {
            if arg.starts_with('c') {
                // A link is opened in one's own private chat: in a group its Accept button
                // would be anyone's.
                let link = callback::parse_link_payload(arg.trim()).filter(|_| private);
                return match link {
                    Some((id, token)) => link_challenge(app, msg, from, id, token, t).await,
                    None => {
                        say(app, chat, None, &t.bad_link(), None).await?;
                        Ok(())
                    }
                };
            }
            if private {
                say(
                    app,
                    chat,
                    None,
                    &t.welcome_private(&escape(&from.first_name)),
                    Some(keyboard::start_menu(t)),
                )
                .await?;
            } else {
                say(app, chat, None, &t.welcome_group(), None).await?;
            }
        }
        Command::Help => {
            say(app, chat, None, &t.help(), None).await?;
        }
        Command::Rules(arg) => {
            let v = match arg.trim() {
                "" => VariantId::Classic,
                s => match s.parse::<VariantId>() {
                    Ok(v) => v,
                    Err(_) => {
                        say(
                            app,
                            chat,
                            Some(msg.id),
                            &t.unknown_variant(&escape(s)),
                            None,
                        )
                        .await?;
                        return Ok(());
                    }
                },
            };
            say(app, chat, None, &t.rules(v), None).await?;
        }
        Command::Variants => {
            say(app, chat, None, &t.variants(), None).await?;
        }
        Command::Lang(arg) => {
            let choice = match arg.trim() {
                "" => None,
                s => Language::from_code(s),
            };
            match choice {
                None => {
                    say(
                        app,
                        chat,
                        None,
                        &t.choose_language(),
                        Some(keyboard::languages()),
                    )
                    .await?;
                }
                Some(l) => set_language(app, chat, user, l, Some(msg.id)).await?,
            }
        }
        Command::Play(arg) => {
            if !private {
                say(
                    app,
                    chat,
                    Some(msg.id),
                    &t.private_only(me.username()),
                    None,
                )
                .await?;
                return Ok(());
            }
            let mut variant = VariantId::Classic;
            let mut level = None;
            for w in arg.split_whitespace() {
                if let Ok(v) = w.parse::<VariantId>() {
                    variant = v;
                } else if let Ok(l) = w.parse::<u8>()
                    && (1..=5).contains(&l)
                {
                    level = Some(l);
                } else {
                    say(
                        app,
                        chat,
                        Some(msg.id),
                        &t.unknown_variant(&escape(w)),
                        None,
                    )
                    .await?;
                    return Ok(());
                }
            }
            if variant == VariantId::Training {
                return start_training(app, chat, user, Variant::new(VariantId::Training)).await;
            }
            say(
                app,
                chat,
                None,
                &t.choose_colour(variant),
                Some(keyboard::play_colour(variant, level, t)),
            )
            .await?;
        }
        Command::Train(arg) => {
            if !private {
                say(
                    app,
                    chat,
                    Some(msg.id),
                    &t.private_only(me.username()),
                    None,
                )
                .await?;
                return Ok(());
            }
            let variant = match arg.trim() {
                "" | "classic" | "orth" => Variant::new(VariantId::Training),
                "diagonal" | "diag" => Variant::new(VariantId::Training)
                    .with_option("directions", "all")
                    .map_err(|e| BotError::Internal(e.to_string()))?,
                other => {
                    say(
                        app,
                        chat,
                        Some(msg.id),
                        &t.bad_arguments("/train [classic|diagonal]"),
                        None,
                    )
                    .await?;
                    tracing::debug!(arg = other, "bad /train argument");
                    return Ok(());
                }
            };
            start_training(app, chat, user, variant).await?;
        }
        Command::New(arg) => {
            if private {
                say(app, chat, Some(msg.id), &t.group_only(), None).await?;
                return Ok(());
            }
            let settings = app.games.run(move |s| s.chat(chat, now())).await?.settings;
            match parse_game_args(&arg, &settings.variant, settings.time_control) {
                Ok((variant, tc, _)) => {
                    create_challenge(app, chat, from, ChallengeTarget::Open, variant, tc, t)
                        .await?;
                }
                Err(bad) => {
                    say(
                        app,
                        chat,
                        Some(msg.id),
                        &t.unknown_variant(&escape(&bad)),
                        None,
                    )
                    .await?;
                }
            }
        }
        Command::Challenge(arg) => {
            let settings = app.games.run(move |s| s.chat(chat, now())).await?.settings;
            let (variant, tc, rest) =
                match parse_game_args(&arg, &settings.variant, settings.time_control) {
                    Ok(x) => x,
                    Err(bad) => {
                        say(
                            app,
                            chat,
                            Some(msg.id),
                            &t.unknown_variant(&escape(&bad)),
                            None,
                        )
                        .await?;
                        return Ok(());
                    }
                };
            if private {
                return private_challenge(app, chat, from, variant, tc, me, t).await;
            }
            let target = challenge_target(msg, &rest);
            match target {
                Some(target) => create_challenge(app, chat, from, target, variant, tc, t).await?,
                None => {
                    say(app, chat, Some(msg.id), &t.challenge_usage(), None).await?;
                }
            }
        }
        Command::M(arg) => match pick_game(app, chat, user, msg.reply_to_message()).await? {
            Pick::One(g) => typed_move(app, msg, &g, user, &arg, t).await?,
            Pick::None => {
                say(app, chat, Some(msg.id), &t.no_active_game(), None).await?;
            }
            Pick::Several => {
                say(app, chat, Some(msg.id), &t.several_games(), None).await?;
            }
        },
        Command::Board => match pick_game(app, chat, user, msg.reply_to_message()).await? {
            Pick::One(g) => repost_board(app, chat, &g, t).await?,
            Pick::None => {
                say(app, chat, Some(msg.id), &t.no_active_game(), None).await?;
            }
            Pick::Several => {
                say(app, chat, Some(msg.id), &t.several_games(), None).await?;
            }
        },
        Command::Resign | Command::Draw | Command::Abort => {
            let g = match pick_game(app, chat, user, msg.reply_to_message()).await? {
                Pick::One(g) => g,
                Pick::None => {
                    say(app, chat, Some(msg.id), &t.no_active_game(), None).await?;
                    return Ok(());
                }
                Pick::Several => {
                    say(app, chat, Some(msg.id), &t.several_games(), None).await?;
                    return Ok(());
                }
            };
            let id = g.id;
            match cmd {
                Command::Resign => {
                    say(
                        app,
                        chat,
                        Some(msg.id),
                        &t.confirm_resign(),
                        Some(keyboard::confirm_resign(id, t)),
                    )
                    .await?;
                }
                Command::Abort => {
                    let r = app.games.run(move |s| s.abort(id, user, now())).await;
                    match r {
                        Ok(g) => flow::after_change(app, g).await?,
                        Err(e) => refuse(app, chat, msg, &e, t).await?,
                    }
                }
                _ => {
                    let r = app.games.run(move |s| s.offer_draw(id, user, now())).await;
                    match r {
                        Ok(crate::game::DrawOutcome::Agreed(g)) => {
                            flow::after_change(app, g).await?
                        }
                        Ok(crate::game::DrawOutcome::Offered(g)) => {
                            let who = mention(user.0, &from.full_name());
                            say(
                                app,
                                chat,
                                None,
                                &t.draw_offered(&who),
                                Some(keyboard::draw_offer(id, t)),
                            )
                            .await?;
                            view::refresh(app, g.id).await?;
                        }
                        Err(e) => refuse(app, chat, msg, &e, t).await?,
                    }
                }
            }
        }
        Command::Stats(arg) => stats::stats(app, msg, from, &arg, t).await?,
        Command::Top(arg) => stats::top(app, msg, from, &arg, t).await?,
        Command::History => stats::history(app, msg, from, t).await?,
        Command::Export => stats::export(app, msg, from, t).await?,
        Command::Settings(_) => settings_menu(app, chat, t).await?,
    }
    Ok(())
}

async fn refuse(
    app: &App,
    chat: ChatId,
    msg: &Message,
    e: &ServiceError,
    t: &dyn Texts,
) -> HandlerResult {
    match flow::refusal(e, t) {
        Some(text) => {
            say(app, chat, Some(msg.id), &escape(&text), None).await?;
            Ok(())
        }
        None => Err(BotError::Service(e.clone())),
    }
}

/// Whom `/challenge` names: the replied-to user, a text mention, or `@username`.
fn challenge_target(msg: &Message, rest: &[String]) -> Option<ChallengeTarget> {
    if let Some(u) = msg.reply_to_message().and_then(|r| r.from.as_ref())
        && !u.is_bot
    {
        return Some(ChallengeTarget::User(uid(u)));
    }
    for e in msg.entities().unwrap_or_default() {
        if let MessageEntityKind::TextMention { user } = &e.kind {
            return Some(ChallengeTarget::User(uid(user)));
        }
    }
    rest.iter()
        .find_map(|w| w.strip_prefix('@'))
        .filter(|n| !n.is_empty())
        .map(|n| ChallengeTarget::Username(n.to_string()))
}

async fn create_challenge(
    app: &App,
    chat: ChatId,
    from: &User,
    target: ChallengeTarget,
    variant: Variant,
    tc: TimeControl,
    t: &dyn Texts,
) -> HandlerResult {
    let new = NewChallenge {
        chat,
        message: None,
        from: uid(from),
        target: target.clone(),
        variant,
        time_control: tc,
        colour: ColourChoice::Random,
        rated: true,
    };
    let c = match app.games.run(move |s| s.create_challenge(new, now())).await {
        Ok(c) => c,
        Err(e) => {
            let text = flow::refusal(&e, t).unwrap_or_else(|| t.try_again());
            say(app, chat, None, &escape(&text), None).await?;
            return Ok(());
        }
    };
    let text = challenge_text(app, &c, t).await;
    let targeted = target != ChallengeTarget::Open;
    let m = say(
        app,
        chat,
        None,
        &text,
        Some(keyboard::challenge(c.id, targeted, t)),
    )
    .await?;
    let (cid, mid) = (c.id, MessageId(m.id.0));
    app.games
        .run(move |s| s.set_challenge_message(cid, mid, now()))
        .await?;
    Ok(())
}

async fn challenge_text(app: &App, c: &ChallengeRecord, t: &dyn Texts) -> String {
    let from = app.user_mention(c.from).await;
    let v = t.variant_name(c.variant.id());
    let tc = t.time_control(&c.time_control);
    match &c.target {
        ChallengeTarget::Open | ChallengeTarget::Link(_) => t.open_challenge(&from, &v, &tc),
        ChallengeTarget::User(u) => {
            let to = app.user_mention(*u).await;
            t.targeted_challenge(&from, &to, &v, &tc)
        }
        ChallengeTarget::Username(n) => {
            t.targeted_challenge(&from, &format!("@{}", escape(n)), &v, &tc)
        }
    }
}

/// `/challenge` in a private chat: a link a friend opens to accept (the game is then
/// played in the friend's private chat with the bot... and announced to the challenger).
async fn private_challenge(
    app: &App,
    chat: ChatId,
    from: &User,
    variant: Variant,
    tc: TimeControl,
    me: &Me,
    t: &dyn Texts,
) -> HandlerResult {
    let token = LinkToken::random().map_err(|e| BotError::Internal(e.to_string()))?;
    let new = NewChallenge {
        chat,
        message: None,
        from: uid(from),
        target: ChallengeTarget::Link(token),
        variant: variant.clone(),
        time_control: tc,
        colour: ColourChoice::Random,
        rated: true,
    };
    let c = app
        .games
        .run(move |s| s.create_challenge(new, now()))
        .await?;
    let mut link = url::Url::parse("https://t.me/")
        .and_then(|u| u.join(me.username()))
        .map_err(|e| BotError::Internal(format!("the bot's link: {e}")))?;
    link.query_pairs_mut()
        .append_pair("start", &callback::link_payload(c.id, token));
    let (v, tc) = (t.variant_name(variant.id()), t.time_control(&tc));
    let text = t.challenge_link(&v, &tc, link.as_str());
    let buttons = keyboard::share_link(c.id, &link, &t.share_text(&v, &tc), t);
    let m = say(app, chat, None, &text, Some(buttons)).await?;
    let (cid, mid) = (c.id, MessageId(m.id.0));
    app.games
        .run(move |s| s.set_challenge_message(cid, mid, now()))
        .await?;
    Ok(())
}

/// Someone opened a challenge link (`/start c<id>_<token>`): show it with an Accept
/// button that carries the token. A wrong token is answered as a lapsed link, so a guess
/// learns nothing about which challenges exist.
async fn link_challenge(
    app: &App,
    msg: &Message,
    from: &User,
    id: ChallengeId,
    token: LinkToken,
    t: &dyn Texts,
) -> HandlerResult {
    let chat = chat_of(msg);
    let c = match app.games.run(move |s| s.challenge(id)).await {
        Ok(c)
            if c.status == ChallengeStatus::Open
                && matches!(&c.target, ChallengeTarget::Link(k) if k.matches(&token)) =>
        {
            c
        }
        _ => {
            say(app, chat, None, &t.bad_link(), None).await?;
            return Ok(());
        }
    };
    if c.from == uid(from) {
        say(app, chat, None, &t.own_challenge(), None).await?;
        return Ok(());
    }
    let who = app.user_mention(c.from).await;
    let text = t.link_challenge(
        &who,
        &t.variant_name(c.variant.id()),
        &t.time_control(&c.time_control),
    );
    say(
        app,
        chat,
        None,
        &text,
        Some(keyboard::link_challenge(c.id, token, t)),
    )
    .await?;
    Ok(())
}

async fn start_training(app: &App, chat: ChatId, user: UserId, variant: Variant) -> HandlerResult {
    let new = NewGame {
        variant,
        players: [Player::Human(user), Player::Absent],
        time_control: TimeControl::Untimed,
        chat,
        message: None,
        rated: false,
        start: None,
    };
    let g = app.games.run(move |s| s.create_game(new, now())).await?;
    flow::after_change(app, g).await
}

async fn start_vs_program(
    app: &App,
    chat: ChatId,
    user: UserId,
    variant: VariantId,
    colour: Option<Color>,
    level: u8,
) -> HandlerResult {
    let colour = colour.unwrap_or_else(|| {
        if now().0.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    });
    let human = Player::Human(user);
    let program = Player::Program { level };
    let players = match colour {
        Color::White => [human, program],
        Color::Black => [program, human],
    };
    let new = NewGame {
        variant: Variant::new(variant),
        players,
        time_control: TimeControl::Untimed,
        chat,
        message: None,
        rated: false,
        start: None,
    };
    let g = app.games.run(move |s| s.create_game(new, now())).await?;
    flow::after_change(app, g).await
}

async fn repost_board(app: &App, chat: ChatId, g: &GameRecord, t: &dyn Texts) -> HandlerResult {
    let (g, game) = flow::load(app, g.id).await?;
    let old = g.board_in(chat).and_then(|b| b.message);
    let msg = view::compose(app, &g, &game, chat, &Ui::Plain).await?;
    view::post(app, &g, chat, msg).await?;
    if let Some(old) = old {
        let chat = chat.0;
        let text = t.board_moved();
        // The old board keeps its picture but loses its buttons.
        let r = tg::call(&app.pacer, chat, tg::Kind::Edit, || {
            app.bot
                .edit_message_caption(
                    teloxide::types::ChatId(chat),
                    teloxide::types::MessageId(old.0),
                )
                .caption(text.clone())
        })
        .await;
        if let Err(e) = r
            && !tg::not_modified(&e)
            && !tg::gone(&e)
        {
            tracing::debug!(error = %e, "could not retire the old board");
        }
    }
    Ok(())
}

async fn set_language(
    app: &App,
    chat: ChatId,
    user: UserId,
    l: Language,
    reply: Option<teloxide::types::MessageId>,
) -> HandlerResult {
    if chat.0 < 0 {
        if !is_admin(app, chat, user).await {
            let t = texts(app.chat_lang(chat, Some(user)).await);
            say(app, chat, reply, &t.admins_only(), None).await?;
            return Ok(());
        }
        app.games
            .run(move |s| s.update_chat_settings(chat, now(), |c| c.language = Some(l)))
            .await?;
    } else {
        app.games
            .run(move |s| s.set_user_language(user, Some(l), now()))
            .await?;
    }
    say(app, chat, reply, &texts(l).language_set(), None).await?;
    Ok(())
}

async fn is_admin(app: &App, chat: ChatId, user: UserId) -> bool {
    if chat.0 > 0 {
        return true;
    }
    let r = tg::call_unpaced(&app.pacer, || {
        app.bot.get_chat_member(
            teloxide::types::ChatId(chat.0),
            teloxide::types::UserId(user.0),
        )
    })
    .await;
    match r {
        Ok(m) => m.is_privileged(),
        Err(e) => {
            tracing::warn!(error = %e, "getChatMember failed");
            false
        }
    }
}

const TIME_CHOICES: [&str; 5] = ["untimed", "3+2", "5+3", "10+5", "60s"];
const VARIANT_CHOICES: [VariantId; 6] = [
    VariantId::Classic,
    VariantId::Classic3x4,
    VariantId::Diagonal,
    VariantId::Triangle,
    VariantId::Gambiter,
    VariantId::Duelio,
];

async fn settings_menu(app: &App, chat: ChatId, t: &dyn Texts) -> HandlerResult {
    let c = app.games.run(move |s| s.chat(chat, now())).await?;
    let s = &c.settings;
    let mark = |on: bool, label: String| if on { format!("✅ {label}") } else { label };
    let mut rows = Vec::new();
    rows.push(
        VARIANT_CHOICES[..3]
            .iter()
            .map(|v| {
                btn(
                    mark(s.variant.id() == *v, t.variant_name(*v)),
                    SettingKey::Variant,
                    v.id(),
                )
            })
            .collect::<Vec<_>>(),
    );
    rows.push(
        VARIANT_CHOICES[3..]
            .iter()
            .map(|v| {
                btn(
                    mark(s.variant.id() == *v, t.variant_name(*v)),
                    SettingKey::Variant,
                    v.id(),
                )
            })
            .collect(),
    );
    rows.push(
        TIME_CHOICES
            .iter()
            .map(|x| {
                let tc: TimeControl = x.parse().unwrap_or_default();
                btn(
                    mark(s.time_control == tc, t.time_control(&tc)),
                    SettingKey::Time,
                    x,
                )
            })
            .collect(),
    );
    rows.push(vec![
        btn(
            mark(s.language == Some(Language::En), "English".into()),
            SettingKey::Language,
            "en",
        ),
        btn(
            mark(s.language == Some(Language::Ru), "Русский".into()),
            SettingKey::Language,
            "ru",
        ),
    ]);
    if chat.0 < 0 {
        rows.push(vec![
            btn(
                mark(s.orientation == Orientation::White, t.btn_white()),
                SettingKey::Orientation,
                "white",
            ),
            btn(
                mark(s.orientation == Orientation::SideToMove, "⇅".into()),
                SettingKey::Orientation,
                "side",
            ),
        ]);
    }
    let text = format!(
        "⚙ {} · {}",
        t.variant_name(s.variant.id()),
        t.time_control(&s.time_control)
    );
    say(
        app,
        chat,
        None,
        &text,
        Some(InlineKeyboardMarkup::new(rows)),
    )
    .await?;
    Ok(())
}

fn btn(label: String, key: SettingKey, value: &str) -> teloxide::types::InlineKeyboardButton {
    teloxide::types::InlineKeyboardButton::callback(
        label,
        Callback::Setting {
            key,
            value: value.to_string(),
        }
        .encode(),
    )
}

// ---------------------------------------------------------------------------------------
// Callback queries

/// Entry point for button taps. Every query is answered exactly once, as soon as its
/// answer is known: where a tap causes edits, the handler answers before making them.
pub async fn on_callback(app: App, q: CallbackQuery) -> HandlerResult {
    app.touch(&q.from).await;
    let user = uid(&q.from);
    let chat = q
        .regular_message()
        .map(|m| ChatId(m.chat.id.0))
        .unwrap_or(ChatId(user.0 as i64));
    let lang = app.chat_lang(chat, Some(user)).await;
    let t = texts(lang);
    let tap = Tap::new(&app, &q);
    let answer = match Callback::decode(q.data.as_deref().unwrap_or("")) {
        Err(_) => Answer::Alert(t.bad_button()),
        // Buttons that redraw a board, write records or start games count against the
        // user's limit (taps, moves, exports and `/play` steps count where they act).
        Ok(
            Callback::Reset { .. }
            | Callback::Resign { .. }
            | Callback::Draw { .. }
            | Callback::Rematch { .. }
            | Callback::Challenge { .. }
            | Callback::Lang(_)
            | Callback::Setting { .. },
        ) if !app.allow_action(user.0) => Answer::Toast(t.slow_down()),
        Ok(cb) => match handle_callback(&app, &q, &tap, chat, user, cb, t).await {
            Ok(a) => a,
            Err(e) => {
                tracing::warn!(error = %e, "callback failed");
                match &e {
                    BotError::Service(s) => {
                        Answer::Alert(flow::refusal(s, t).unwrap_or_else(|| t.try_again()))
                    }
                    BotError::Telegram(_) => Answer::Silent,
                    _ => Answer::Alert(t.try_again()),
                }
            }
        },
    };
    tap.answer(answer).await;
    Ok(())
}

/// A tap being handled: its query is answered once, by the first [`Tap::answer`].
struct Tap<'a> {
    app: &'a App,
    q: &'a CallbackQuery,
    answered: std::sync::atomic::AtomicBool,
}

impl<'a> Tap<'a> {
    fn new(app: &'a App, q: &'a CallbackQuery) -> Tap<'a> {
        Tap {
            app,
            q,
            answered: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Answer the query now (later calls do nothing). Not paced: an answer is no message
    /// in the chat, and the client shows a spinner until it comes.
    async fn answer(&self, answer: Answer) {
        if self
            .answered
            .swap(true, std::sync::atomic::Ordering::SeqCst)
        {
            return;
        }
        let (app, q) = (self.app, self.q);
        let r = tg::call_unpaced(&app.pacer, || {
            let mut req = app.bot.answer_callback_query(q.id.clone());
            match &answer {
                Answer::Silent => {}
                Answer::Toast(s) => req = req.text(truncate200(s)),
                Answer::Alert(s) => req = req.text(truncate200(s)).show_alert(true),
            }
            req
        })
        .await;
        if let Err(e) = r {
            tracing::debug!(error = %e, "answerCallbackQuery failed");
        }
    }
}

fn truncate200(s: &str) -> String {
    s.chars().take(200).collect()
}

/// How a callback is answered.
enum Answer {
    Silent,
    Toast(String),
    Alert(String),
}

/// Checks shared by board buttons: the game belongs to this chat and this message.
async fn board_game(app: &App, chat: ChatId, id: GameId) -> Result<Option<GameRecord>, BotError> {
    let g = match app.games.read(|s| s.game(id)) {
        Ok(g) => g,
        Err(ServiceError::NoSuchGame(_)) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    if g.board_in(chat).is_none() {
        return Ok(None);
    }
    Ok(Some(g))
}

/// Whether the tapped message asks to confirm a losing return home (its "Cancel" is a
/// reset too, but the question is in the caption, unlike a selection).
fn asks_return_home(q: &CallbackQuery) -> bool {
    q.regular_message()
        .and_then(|m| m.reply_markup())
        .is_some_and(|k| {
            k.inline_keyboard.iter().flatten().any(|b| {
                matches!(&b.kind, InlineKeyboardButtonKind::CallbackData(d)
                    if matches!(Callback::decode(d), Ok(Callback::Move { confirmed: true, .. })))
            })
        })
}

fn on_current_board(q: &CallbackQuery, g: &GameRecord) -> bool {
    q.regular_message()
        .is_some_and(|m| g.is_board(ChatId(m.chat.id.0), MessageId(m.id.0)))
}

async fn handle_callback(
    app: &App,
    q: &CallbackQuery,
    tap: &Tap<'_>,
    chat: ChatId,
    user: UserId,
    cb: Callback,
    t: &dyn Texts,
) -> Result<Answer, BotError> {
    match cb {
        Callback::Noop => {
            tap.answer(Answer::Silent).await;
            remove_keyboard(app, q).await;
            Ok(Answer::Silent)
        }
        Callback::Tap { game, ply, square } => {
            let Some(g) = board_game(app, chat, game).await? else {
                return Ok(Answer::Alert(t.bad_button()));
            };
            let Some(colour) = g.color_of(user) else {
                return Ok(Answer::Alert(t.not_your_game()));
            };
            if !g.is_active() {
                return Ok(Answer::Alert(t.game_over()));
            }
            if ply != g.ply() || !on_current_board(q, &g) {
                // Redrawing is expensive: a flood of old taps gets the alert only.
                if app.allow_action(user.0) {
                    view::refresh(app, g.id).await?;
                }
                return Ok(Answer::Alert(t.stale_button()));
            }
            if g.side_to_move() != colour {
                return Ok(Answer::Alert(t.not_your_turn()));
            }
            if !app.allow_action(user.0) {
                return Ok(Answer::Toast(t.slow_down()));
            }
            let (g, game) = flow::load(app, game).await?;
            let pos = game.position();
            if pos.piece_at(square) == Some(colour) && !pos.destinations(square).is_empty() {
                tap.answer(Answer::Silent).await;
                view::show_ui_at(app, g.id, g.ply(), chat, &Ui::Select(square)).await?;
                Ok(Answer::Silent)
            } else {
                Ok(Answer::Toast(format!(
                    "{square}: {}",
                    t.illegal(&no_move_reason(pos, square, colour))
                )))
            }
        }
        Callback::Move {
            game,
            ply,
            from,
            to,
            confirmed,
        } => {
            let Some(g) = board_game(app, chat, game).await? else {
                return Ok(Answer::Alert(t.bad_button()));
            };
            if g.color_of(user).is_none() {
                return Ok(Answer::Alert(t.not_your_game()));
            }
            if !app.allow_action(user.0) {
                return Ok(Answer::Toast(t.slow_down()));
            }
            let attempt = flow::user_move(
                app,
                g.id,
                user,
                MoveInput::Squares(vec![from, to]),
                Expect::Ply(ply),
                confirmed,
                t,
            )
            .await?;
            // A confirmation asked in a separate message (typed moves) is done with.
            if confirmed && !on_current_board(q, &g) {
                remove_keyboard(app, q).await;
            }
            match attempt {
                Attempt::Played(stored) => {
                    tap.answer(Answer::Silent).await;
                    flow::show_played(app, stored).await?;
                    Ok(Answer::Silent)
                }
                Attempt::Confirm { path } => {
                    tap.answer(Answer::Silent).await;
                    view::show_ui_at(
                        app,
                        g.id,
                        ply,
                        chat,
                        &Ui::ConfirmHome {
                            from: path.from(),
                            to: path.to(),
                        },
                    )
                    .await?;
                    Ok(Answer::Silent)
                }
                Attempt::Refused(s) => Ok(Answer::Alert(s)),
                Attempt::Stale => Ok(Answer::Alert(t.stale_button())),
            }
        }
        Callback::Reset { game, ply } => {
            let Some(g) = board_game(app, chat, game).await? else {
                return Ok(Answer::Alert(t.bad_button()));
            };
            if !on_current_board(q, &g) {
                remove_keyboard(app, q).await;
                return Ok(Answer::Silent);
            }
            if g.color_of(user).is_none() {
                return Ok(Answer::Alert(t.not_your_game()));
            }
            tap.answer(Answer::Silent).await;
            if asks_return_home(q) {
                // The question is in the caption: the whole board is redrawn.
                view::refresh(app, g.id).await?;
            } else {
                view::show_ui_at(app, g.id, ply, chat, &Ui::Unselect).await?;
            }
            Ok(Answer::Silent)
        }
        Callback::Resign { game } => {
            let Some(g) = board_game(app, chat, game).await? else {
                return Ok(Answer::Alert(t.bad_button()));
            };
            let id = g.id;
            let r = app.games.run(move |s| s.resign(id, user, now())).await;
            if r.is_ok() {
                tap.answer(Answer::Silent).await;
            }
            remove_keyboard(app, q).await;
            match r {
                Ok(g) => {
                    flow::after_change(app, g).await?;
                    Ok(Answer::Silent)
                }
                Err(e) => Ok(Answer::Alert(
                    flow::refusal(&e, t).unwrap_or_else(|| t.try_again()),
                )),
            }
        }
        Callback::Draw { game, accept } => {
            let Some(g) = board_game(app, chat, game).await? else {
                return Ok(Answer::Alert(t.bad_button()));
            };
            let id = g.id;
            let r = app
                .games
                .run(move |s| s.answer_draw(id, user, accept, now()))
                .await;
            match r {
                Ok(g) => {
                    tap.answer(Answer::Silent).await;
                    remove_keyboard(app, q).await;
                    if !accept {
                        let who = app.user_mention(user).await;
                        say(app, chat, None, &t.draw_declined(&who), None).await?;
                    }
                    flow::after_change(app, g).await?;
                    Ok(Answer::Silent)
                }
                Err(e) => Ok(Answer::Alert(
                    flow::refusal(&e, t).unwrap_or_else(|| t.try_again()),
                )),
            }
        }
        Callback::Rematch { game } => {
            let Some(g) = board_game(app, chat, game).await? else {
                return Ok(Answer::Alert(t.bad_button()));
            };
            // The button is only on finished boards; forged data for a game in play
            // must not open a second game between the same people.
            if g.is_active() {
                return Ok(Answer::Alert(t.bad_button()));
            }
            let Some(colour) = g.color_of(user) else {
                return Ok(Answer::Alert(t.not_your_game()));
            };
            tap.answer(Answer::Silent).await;
            match g.player(!colour) {
                Player::Program { level } => {
                    start_vs_program(app, chat, user, g.variant.id(), Some(!colour), level).await?;
                }
                Player::Human(opp) => {
                    let new = NewChallenge {
                        chat,
                        message: None,
                        from: user,
                        target: ChallengeTarget::User(opp),
                        variant: g.variant.clone(),
                        time_control: g.time_control,
                        colour: match colour {
                            Color::White => ColourChoice::Black,
                            Color::Black => ColourChoice::White,
                        },
                        rated: g.rated,
                    };
                    let c = app
                        .games
                        .run(move |s| s.create_challenge(new, now()))
                        .await?;
                    let text = challenge_text(app, &c, t).await;
                    let m = say(
                        app,
                        chat,
                        None,
                        &text,
                        Some(keyboard::challenge(c.id, true, t)),
                    )
                    .await?;
                    let (cid, mid) = (c.id, MessageId(m.id.0));
                    app.games
                        .run(move |s| s.set_challenge_message(cid, mid, now()))
                        .await?;
                }
                Player::Absent => {}
            }
            Ok(Answer::Silent)
        }
        Callback::Export { game, gif } => {
            if !app.allow_action(user.0) {
                return Ok(Answer::Toast(t.slow_down()));
            }
            Ok(
                match stats::export_button(app, chat, user, game, gif, t).await? {
                    Some(alert) => Answer::Alert(alert),
                    None => Answer::Silent,
                },
            )
        }
        Callback::Challenge { id, accept, link } => {
            challenge_answer(app, q, tap, chat, user, id, accept, link, t).await
        }
        Callback::Play {
            variant,
            colour,
            level,
        } => {
            if chat.0 < 0 {
                return Ok(Answer::Alert(t.bad_button()));
            }
            if variant == VariantId::Training {
                tap.answer(Answer::Silent).await;
                remove_keyboard(app, q).await;
                start_training(app, chat, user, Variant::new(VariantId::Training)).await?;
                return Ok(Answer::Silent);
            }
            match (colour, level) {
                (None, _) => {
                    tap.answer(Answer::Silent).await;
                    say(
                        app,
                        chat,
                        None,
                        &t.choose_colour(variant),
                        Some(keyboard::play_colour(variant, level, t)),
                    )
                    .await?;
                }
                (Some(c), None) => {
                    let name = match c {
                        Some(Color::White) => t.btn_white(),
                        Some(Color::Black) => t.btn_black(),
                        None => t.btn_random(),
                    };
                    tap.answer(Answer::Silent).await;
                    edit_text(
                        app,
                        q,
                        &t.choose_level(variant, &name),
                        Some(keyboard::play_level(variant, c, t)),
                    )
                    .await;
                }
                (Some(c), Some(l)) => {
                    if !app.allow_action(user.0) {
                        return Ok(Answer::Toast(t.slow_down()));
                    }
                    tap.answer(Answer::Silent).await;
                    remove_keyboard(app, q).await;
                    start_vs_program(app, chat, user, variant, c, l).await?;
                }
            }
            Ok(Answer::Silent)
        }
        Callback::Lang(l) => {
            tap.answer(Answer::Silent).await;
            set_language(app, chat, user, l, None).await?;
            Ok(Answer::Silent)
        }
        Callback::Setting { key, value } => {
            if !is_admin(app, chat, user).await {
                return Ok(Answer::Alert(t.admins_only()));
            }
            let applied = match key {
                SettingKey::Variant => value.parse::<VariantId>().ok().map(|v| {
                    let v = Variant::new(v);
                    Box::new(move |c: &mut crate::game::ChatSettings| c.variant = v.clone())
                        as Box<dyn Fn(&mut crate::game::ChatSettings) + Send>
                }),
                SettingKey::Time => value.parse::<TimeControl>().ok().map(|tc| {
                    Box::new(move |c: &mut crate::game::ChatSettings| c.time_control = tc)
                        as Box<dyn Fn(&mut crate::game::ChatSettings) + Send>
                }),
                SettingKey::Language => match value.as_str() {
                    "auto" => Some(
                        Box::new(|c: &mut crate::game::ChatSettings| c.language = None)
                            as Box<dyn Fn(&mut crate::game::ChatSettings) + Send>,
                    ),
                    code => Language::from_code(code).map(|l| {
                        Box::new(move |c: &mut crate::game::ChatSettings| c.language = Some(l))
                            as Box<dyn Fn(&mut crate::game::ChatSettings) + Send>
                    }),
                },
                SettingKey::Orientation => match value.as_str() {
                    "white" => Some(Box::new(|c: &mut crate::game::ChatSettings| {
                        c.orientation = Orientation::White
                    })
                        as Box<dyn Fn(&mut crate::game::ChatSettings) + Send>),
                    "side" => Some(Box::new(|c: &mut crate::game::ChatSettings| {
                        c.orientation = Orientation::SideToMove
                    })
                        as Box<dyn Fn(&mut crate::game::ChatSettings) + Send>),
                    _ => None,
                },
            };
            let Some(f) = applied else {
                return Ok(Answer::Alert(t.bad_button()));
            };
            app.games
                .run(move |s| s.update_chat_settings(chat, now(), |c| f(c)))
                .await?;
            tap.answer(Answer::Toast("✓".into())).await;
            let t2 = texts(app.chat_lang(chat, Some(user)).await);
            remove_keyboard(app, q).await;
            settings_menu(app, chat, t2).await?;
            Ok(Answer::Silent)
        }
    }
}

fn no_move_reason(
    pos: &crate::engine::Position,
    square: crate::engine::Square,
    colour: Color,
) -> crate::engine::IllegalMove {
    use crate::engine::IllegalMove;
    match pos.piece_at(square) {
        None => IllegalMove::NoPiece(square),
        Some(c) if c != colour => IllegalMove::NotYourPiece(square),
        Some(_) => IllegalMove::Unreachable {
            from: square,
            to: square,
        },
    }
}

#[allow(clippy::too_many_arguments)]
async fn challenge_answer(
    app: &App,
    q: &CallbackQuery,
    tap: &Tap<'_>,
    chat: ChatId,
    user: UserId,
    id: ChallengeId,
    accept: bool,
    link: Option<LinkToken>,
    t: &dyn Texts,
) -> Result<Answer, BotError> {
    let username = q.from.username.clone();
    let c = match app.games.run(move |s| s.challenge(id)).await {
        Ok(c) => c,
        Err(_) => return Ok(Answer::Alert(t.bad_button())),
    };
    // A challenge link may be answered from another chat (the friend's private chat).
    let via_link = c.chat != chat;
    // The tapped message is the challenge's own when its buttons are this challenge's
    // (Telegram sends the markup; the data alone could be forged on any message); its id
    // may not be stored yet when someone taps the moment it appears.
    let own_buttons = q
        .regular_message()
        .and_then(|m| m.reply_markup())
        .is_some_and(|k| {
            keyboard::callbacks(k).iter().any(
                |d| matches!(Callback::decode(d), Ok(Callback::Challenge { id: i, .. }) if i == id),
            )
        });
    let tapped = q
        .regular_message()
        .filter(|_| !via_link && own_buttons)
        .map(|m| MessageId(m.id.0));
    if via_link && !accept {
        tap.answer(Answer::Silent).await;
        if own_buttons {
            remove_keyboard(app, q).await;
        }
        return Ok(Answer::Silent);
    }
    if accept {
        let un = username.clone();
        let r = app
            .games
            .run(move |s| s.accept_challenge_in(id, user, un.as_deref(), Some(chat), link, now()))
            .await;
        match r {
            Ok((c, g)) => {
                tap.answer(Answer::Silent).await;
                let from = app.user_mention(c.from).await;
                let by = app.user_mention(user).await;
                close_challenge_message(app, &c, tapped, &t.challenge_accepted(&from, &by)).await;
                if via_link && own_buttons {
                    remove_keyboard(app, q).await;
                }
                flow::after_change(app, g).await?;
                Ok(Answer::Silent)
            }
            Err(e) => Ok(Answer::Alert(
                flow::refusal(&e, t).unwrap_or_else(|| t.try_again()),
            )),
        }
    } else {
        let un = username.clone();
        let r = app
            .games
            .run(move |s| s.decline_challenge(id, user, un.as_deref(), now()))
            .await;
        match r {
            Ok(c) => {
                tap.answer(Answer::Silent).await;
                let from = app.user_mention(c.from).await;
                let text = if c.status == ChallengeStatus::Cancelled {
                    t.challenge_withdrawn(&from)
                } else {
                    let by = app.user_mention(user).await;
                    t.challenge_declined(&from, &by)
                };
                close_challenge_message(app, &c, tapped, &text).await;
                Ok(Answer::Silent)
            }
            Err(e) => Ok(Answer::Alert(
                flow::refusal(&e, t).unwrap_or_else(|| t.try_again()),
            )),
        }
    }
}
