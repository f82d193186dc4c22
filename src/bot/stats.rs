//! `/stats`, `/top`, `/history` and `/export`, and the record and replay
//! buttons under finished boards and `/history`.
//!
//! Ratings and results are aggregates kept in each user's record (updated atomically
//! with every game's end); the rating history for the chart and the head-to-head score
//! are read back from the player's stored games (`game::standings`).

use super::app::App;
use super::callback::Callback;
use super::context::{Answer, HandlerResult, Incoming, Tap};
use super::error::BotError;
use super::flow;
use super::send::say;
use super::texts::{
    HeadToHeadView, HistoryRow, Opponent, RatingView, StatsView, Texts, TopRow, TopScope,
    VariantStatsView, escape,
};
use super::tg;
use super::view;
use crate::engine::VariantId;
use crate::game::rating::{START_RATING, provisional};
use crate::game::standings::{
    PlayerResult, ended_at, head_to_head, leaderboard, rating_change_of, rating_history,
};
use crate::game::{
    ChatId, GameId, GameRecord, MessageId, Player, ServiceError, Status, UserId, UserRecord,
};
use crate::render::chart::{ChartSeries, RatingChart, render_rating_chart};
use teloxide::payloads::SendPhotoSetters;
use teloxide::prelude::*;
use teloxide::types::{
    InlineKeyboardButton, InlineKeyboardButtonKind, InlineKeyboardMarkup, InputFile, Me,
    MessageEntityKind, ParseMode, User,
};

/// Most games read for one player's chart and head-to-head (newest first).
const GAMES_READ: usize = 5000;
/// Games read per store call.
const PAGE: usize = 200;
/// Games listed by `/history`.
const HISTORY_ROWS: usize = 10;
/// Games looked at to fill `/history` (skipping games in progress).
const HISTORY_SCAN: usize = 400;
/// Rows of `/top` (more when the last places tie).
const TOP_ROWS: usize = 20;
/// Photo captions are limited to 1024 characters.
const CAPTION_MAX: usize = 1024;

/// A record or replay button.
/// Tapped on an inline board, the file goes to the tapper's private chat with the bot,
/// which Telegram allows only once they have started it: they are told where to do so.
pub async fn on_export_tap(
    app: App,
    tap: Tap,
    (game, gif): (GameId, bool),
    me: Me,
) -> HandlerResult {
    let t = tap.texts();
    if !app.allow_action(tap.user().0) {
        return tap.reply(Answer::Toast(t.slow_down()));
    }
    match export_button(&app, tap.chat(), tap.user(), game, gif, t).await {
        Ok(Some(alert)) => tap.reply(Answer::Alert(alert)),
        Ok(None) => Ok(()),
        Err(BotError::Telegram(e)) if tg::cannot_write_privately(&e) => {
            tap.reply(Answer::Alert(t.private_only(me.username())))
        }
        Err(e) => Err(e),
    }
}

/// `user`'s games, newest first, until `enough` says so or `cap` were read.
async fn games_of(
    app: &App,
    user: UserId,
    cap: usize,
    enough: fn(&[GameRecord]) -> bool,
) -> Result<Vec<GameRecord>, BotError> {
    let games = app
        .games
        .run(move |s| {
            let mut out: Vec<GameRecord> = Vec::new();
            let mut before: Option<GameId> = None;
            while out.len() < cap {
                let page = s.user_games(user, before, PAGE.min(cap - out.len()))?;
                let Some(last) = page.last() else { break };
                before = Some(last.id);
                out.extend(page);
                if enough(&out) {
                    break;
                }
            }
            Ok::<_, ServiceError>(out)
        })
        .await?;
    Ok(games)
}

/// Whom `/stats` is about: a text mention, `@username` (or a bare username), the author
/// of the replied-to message, or the asker. `Err(name)` for a username never seen.
async fn stats_target(
    app: &App,
    msg: &Message,
    from: &User,
    arg: &str,
) -> Result<Result<UserRecord, String>, BotError> {
    let me = UserId(from.id.0);
    let mentioned = msg
        .entities()
        .unwrap_or_default()
        .iter()
        .find_map(|e| match &e.kind {
            MessageEntityKind::TextMention { user } if !user.is_bot => Some(UserId(user.id.0)),
            _ => None,
        });
    let replied = msg
        .reply_to_message()
        .and_then(|r| r.from.as_ref())
        .filter(|u| !u.is_bot)
        .map(|u| UserId(u.id.0));
    let name = arg
        .split_whitespace()
        .next()
        .map(|w| w.trim_start_matches('@').to_string())
        .filter(|w| !w.is_empty());
    let id = match (mentioned, name) {
        (Some(id), _) => id,
        (None, Some(name)) => {
            let n = name.clone();
            let found = app.games.run(move |s| s.users_by_username(&n)).await?;
            return Ok(match found.into_iter().max_by_key(|u| u.updated_at) {
                Some(u) => Ok(u),
                None => Err(name),
            });
        }
        (None, None) => replied.unwrap_or(me),
    };
    let known = app.games.run(move |s| s.user(id)).await?;
    Ok(Ok(known.unwrap_or_else(|| {
        let name = if id == me {
            from.full_name()
        } else {
            format!("#{id}")
        };
        UserRecord::new(id, &name, crate::game::Timestamp(0))
    })))
}

/// `/stats [@user]` (or as a reply): results per variant, ratings, head-to-head, and
/// the rating chart as a photo with the text as its caption.
pub async fn on_stats(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    let (app, msg, from, arg) = (&app, &m.msg, &m.from, arg.as_str());
    let (chat, me) = (m.chat, m.user);
    let u = match stats_target(app, msg, from, arg).await? {
        Ok(u) => u,
        Err(name) => {
            say(
                app,
                chat,
                Some(msg.id),
                &t.unknown_user(&escape(&name)),
                None,
            )
            .await?;
            return Ok(());
        }
    };
    let games = games_of(app, u.id, GAMES_READ, |_| false).await?;
    let mut variants: Vec<VariantStatsView> = VariantId::ALL
        .into_iter()
        .filter_map(|v| u.stats(v).filter(|s| s.games() > 0))
        .map(|s| VariantStatsView {
            variant: s.variant,
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            streak: s.streak,
            rating: (s.variant.rated() && s.rated_games > 0).then_some(RatingView {
                rating: s.rating,
                provisional: provisional(s.rated_games),
                rated_games: s.rated_games,
                best: s.best_rating,
                last_change: s.last_change,
            }),
        })
        .collect();
    variants.sort_by_key(|v| VariantId::ALL.iter().position(|x| *x == v.variant));
    let head_to_head = if u.id != me {
        let s = head_to_head(&games, me, u.id);
        Some(HeadToHeadView {
            me: escape(&from.full_name()),
            other: escape(&u.name),
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
        })
    } else {
        None
    };
    let text = t.stats(&StatsView {
        name: escape(&u.name),
        variants,
        head_to_head,
    });

    let series: Vec<ChartSeries> = rating_history(&games, u.id)
        .into_iter()
        .map(|h| {
            let (rating, prov) = u
                .stats(h.variant)
                .map(|s| (s.rating, provisional(s.rated_games)))
                .unwrap_or((h.points.last().map_or(h.start, |p| p.rating), true));
            ChartSeries {
                label: t.chart_legend(h.variant, rating, prov),
                values: h.values(),
            }
        })
        .collect();
    if series.is_empty() {
        say(app, chat, None, &text, None).await?;
        return Ok(());
    }
    let chart = RatingChart {
        title: t.chart_title(&u.name),
        x_label: t.chart_x_label(),
        reference: Some(START_RATING),
        series,
    };
    let png = tokio::task::spawn_blocking(move || render_rating_chart(&chart))
        .await
        .map_err(|e| BotError::Internal(e.to_string()))??;
    let fits = text.chars().count() <= CAPTION_MAX;
    tg::call(&app.pacer, chat.0, tg::Kind::Send, || {
        let mut req = app.bot.send_photo(
            teloxide::types::ChatId(chat.0),
            InputFile::memory(png.clone()).file_name("rating.png"),
        );
        if fits {
            req = req.caption(text.clone()).parse_mode(ParseMode::Html);
        }
        req
    })
    .await?;
    if !fits {
        say(app, chat, None, &text, None).await?;
    }
    Ok(())
}

/// `/top [variant]`: the chat's leaderboard in a group (everyone who has played there),
/// everyone's in a private chat. The asker's own place is added below the list when it
/// is further down.
pub async fn on_top(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    let (app, msg, arg) = (&app, &m.msg, arg.as_str());
    let (chat, me) = (m.chat, m.user);
    let group = chat.0 < 0;
    let now = app.now();
    let c = app.games.run(move |s| s.chat(chat, now)).await?;
    let variant = match arg.split_whitespace().next() {
        None => {
            let d = c.settings.variant.id();
            if group && d.rated() {
                d
            } else {
                VariantId::Classic
            }
        }
        Some(w) => match w.parse::<VariantId>() {
            Ok(v) => v,
            Err(_) => {
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
        },
    };
    if !variant.rated() {
        say(app, chat, Some(msg.id), &t.not_rated_variant(variant), None).await?;
        return Ok(());
    }
    let users = if group {
        let ids = c.players;
        app.games
            .run(move |s| {
                let mut v = Vec::with_capacity(ids.len());
                for id in ids {
                    if let Some(u) = s.user(id)? {
                        v.push(u);
                    }
                }
                Ok::<_, ServiceError>(v)
            })
            .await?
    } else {
        app.games.run(|s| s.all_users()).await?
    };
    let board = leaderboard(&users, variant);
    let cut = board
        .get(TOP_ROWS - 1)
        .map(|last| last.rank)
        .map_or(board.len(), |r| {
            board
                .iter()
                .take_while(|s| s.rank <= r)
                .count()
                .min(TOP_ROWS + 10)
        });
    let row = |s: &crate::game::standings::Standing| TopRow {
        rank: s.rank,
        name: escape(&s.name),
        rating: s.rating,
        provisional: s.provisional,
        rated_games: s.rated_games,
        me: s.user == me,
    };
    let mut rows: Vec<TopRow> = board[..cut].iter().map(row).collect();
    let more = !rows.iter().any(|r| r.me)
        && match board[cut..].iter().find(|s| s.user == me) {
            Some(s) => {
                rows.push(row(s));
                true
            }
            None => false,
        };
    let scope = if group {
        TopScope::Chat
    } else {
        TopScope::Everyone
    };
    say(app, chat, None, &t.top(variant, scope, &rows, more), None).await?;
    Ok(())
}

/// Whether `/history` lists a game: decided, or called off after some moves.
fn listed(g: &GameRecord) -> bool {
    match g.status {
        Status::Over { .. } => true,
        Status::Aborted { .. } => g.ply() > 0,
        Status::Active => false,
    }
}

/// `/history`: the asker's last games, newest first, each with buttons for its record
/// and replay (sent to the chat where they are tapped).
pub async fn on_history(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    let app = &app;
    let (chat, me) = (m.chat, m.user);
    let games = games_of(app, me, HISTORY_SCAN, |gs| {
        gs.iter().filter(|g| listed(g)).count() >= HISTORY_ROWS
    })
    .await?;
    let mut rows = Vec::new();
    let mut buttons = Vec::new();
    for g in games.iter().filter(|g| listed(g)).take(HISTORY_ROWS) {
        let mine = g.color_of(me);
        let other = crate::engine::Color::ALL
            .into_iter()
            .find(|c| Some(*c) != mine)
            .map(|c| g.player(c));
        let opponent = match other {
            Some(Player::Human(u)) => {
                let name = app.user_name(u).unwrap_or_else(|| format!("#{u}"));
                Opponent::Person(escape(&name))
            }
            Some(Player::Program { level }) => Opponent::Program(level),
            Some(Player::Absent) | None => Opponent::Nobody,
        };
        rows.push(HistoryRow {
            game: g.id,
            date: flow::date_of(ended_at(g).unwrap_or(g.created_at).0),
            opponent,
            variant: g.variant.id(),
            result: PlayerResult::of(g, me),
            reason: g.outcome().map(|o| o.reason),
            moves: g.ply(),
            rating: rating_change_of(g, me).map(|c| (c.after, c.delta())),
        });
        buttons.push(vec![
            InlineKeyboardButton::callback(
                t.btn_record_of(g.id),
                Callback::Export {
                    game: g.id,
                    gif: false,
                }
                .encode(),
            ),
            InlineKeyboardButton::callback(
                t.btn_replay_of(g.id),
                Callback::Export {
                    game: g.id,
                    gif: true,
                }
                .encode(),
            ),
        ]);
    }
    let kb = (!buttons.is_empty()).then(|| InlineKeyboardMarkup::new(buttons));
    say(app, chat, None, &t.history(&rows), kb).await?;
    Ok(())
}

/// The game ids named by a message's buttons (a board's keyboard carries its game).
fn games_in_keyboard(m: &Message) -> Vec<GameId> {
    let mut ids = Vec::new();
    for row in m
        .reply_markup()
        .map(|k| &k.inline_keyboard[..])
        .unwrap_or(&[])
    {
        for b in row {
            let InlineKeyboardButtonKind::CallbackData(d) = &b.kind else {
                continue;
            };
            let id = match Callback::decode(d) {
                Ok(
                    Callback::Tap { game, .. }
                    | Callback::Move { game, .. }
                    | Callback::Reset { game, .. }
                    | Callback::Resign { game }
                    | Callback::Draw { game, .. }
                    | Callback::Rematch { game }
                    | Callback::Export { game, .. },
                ) => game,
                _ => continue,
            };
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

/// The game whose board `replied` is, in `chat`: named by the board's buttons, or else
/// found among the asker's games.
async fn replied_game(
    app: &App,
    chat: ChatId,
    me: UserId,
    replied: &Message,
) -> Result<Option<GameRecord>, BotError> {
    let mid = MessageId(replied.id.0);
    for id in games_in_keyboard(replied) {
        match app.games.run(move |s| s.game(id)).await {
            Ok(g) if g.is_board(chat, mid) => return Ok(Some(g)),
            Ok(_) | Err(ServiceError::NoSuchGame(_)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    let mine = games_of(app, me, GAMES_READ, |_| false).await?;
    Ok(mine.into_iter().find(|g| g.is_board(chat, mid)))
}

/// `/export`: a finished game's record (`.txt`) and replay (GIF): the game whose board
/// the command replies to, else the asker's last finished game in this chat (in a
/// private chat, or played through inline mode).
pub async fn on_export(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    let (app, msg) = (&app, &m.msg);
    let (chat, me) = (m.chat, m.user);
    let board = msg
        .reply_to_message()
        .filter(|r| r.from.as_ref().is_some_and(|u| u.is_bot));
    let found = match board {
        Some(r) => replied_game(app, chat, me, r).await?,
        None => None,
    };
    let found = match found {
        Some(g) => Some(g),
        None => games_of(app, me, GAMES_READ, |_| false)
            .await?
            .into_iter()
            .find(|g| {
                // A private chat also has the asker's games played through inline mode.
                let here = g.board_in(chat).is_some() || (m.private() && g.inline.is_some());
                here && matches!(g.status, Status::Over { .. })
            }),
    };
    let Some(g) = found else {
        say(app, chat, Some(msg.id), &t.export_nothing(), None).await?;
        return Ok(());
    };
    if g.is_active() {
        say(app, chat, Some(msg.id), &t.export_not_finished(), None).await?;
        return Ok(());
    }
    if !app.allow_action(me.0) {
        say(app, chat, Some(msg.id), &t.slow_down(), None).await?;
        return Ok(());
    }
    send_export(app, chat, g.id, None, t).await
}

/// Send game `id`'s record, replay or both (`gif`: `None`) to `to`.
async fn send_export(
    app: &App,
    to: ChatId,
    id: GameId,
    gif: Option<bool>,
    t: &dyn Texts,
) -> Result<(), BotError> {
    let (g, game) = view::reload(app, id)?;
    if gif != Some(true) {
        flow::send_record_to(app, to, &g, &game).await?;
    }
    if gif != Some(false) {
        let caption = view::result_line(app, &g, &game, t)
            .await
            .unwrap_or_default();
        flow::send_replay_to(app, to, &g, &game, &caption).await?;
    }
    Ok(())
}

/// A record or replay button (under a finished board or in `/history`), tapped by
/// `user` in `chat`: allowed for a game of this chat or one of the user's own games;
/// the file goes to this chat. `Ok(Some(alert))` when refused.
async fn export_button(
    app: &App,
    chat: ChatId,
    user: UserId,
    id: GameId,
    gif: bool,
    t: &dyn Texts,
) -> Result<Option<String>, BotError> {
    let g = match app.games.run(move |s| s.game(id)).await {
        Ok(g) => g,
        Err(ServiceError::NoSuchGame(_)) => return Ok(Some(t.bad_button())),
        Err(e) => return Err(e.into()),
    };
    if g.board_in(chat).is_none() && g.color_of(user).is_none() {
        return Ok(Some(t.not_your_game()));
    }
    if g.is_active() {
        return Ok(Some(t.export_not_finished()));
    }
    send_export(app, chat, g.id, Some(gif), t).await?;
    Ok(None)
}
