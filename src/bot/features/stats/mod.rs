//! `/stats` and `/top`; the games a person played, `/history` and `/export`, are in
//! [`history`].
//!
//! Ratings and results are aggregates kept in each user's record (updated atomically
//! with every game's end); the rating history for the chart and the head-to-head score
//! are read back from the player's stored games (`game::standings`).

pub(crate) mod history;

use crate::bot::chat::context::{HandlerResult, Incoming};
use crate::bot::chat::messages::{Attachment, say, send_file};
use crate::bot::error::BotError;
use crate::bot::state::App;
use crate::bot::texts::{
    HeadToHeadView, RatingView, StatsView, Texts, TopRow, TopScope, VariantStatsView, escape,
};
use crate::engine::VariantId;
use crate::engine::multi::MultiVariant;
use crate::game::rating::{START_RATING, provisional};
use crate::game::standings::{head_to_head, leaderboard, rating_history};
use crate::game::{GameId, GameRecord, ServiceError, UserId, UserRecord};
use crate::render::chart::{ChartSeries, RatingChart, render_rating_chart};
use teloxide::prelude::*;
use teloxide::types::{MessageEntityKind, User};

/// Most games read for one player's chart and head-to-head (newest first).
const GAMES_READ: usize = 5000;

/// Games read per store call.
const PAGE: usize = 200;

/// Rows of `/top` (more when the last places tie).
const TOP_ROWS: usize = 20;

/// Photo captions are limited to 1024 characters.
const CAPTION_MAX: usize = 1024;

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
    let mut text = t.stats(&StatsView {
        name: escape(&u.name),
        variants,
        head_to_head,
    });
    // Games of three or four seats: places rather than wins and losses.
    for s in u.multi.iter().filter(|s| s.games() > 0) {
        text.push_str(&format!("\n{}", t.multi_stats(s)));
    }

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
        min_span: 40,
        title: t.chart_title(&u.name),
        x_label: t.chart_x_label(),
        reference: Some(START_RATING),
        series,
    };
    let png = tokio::task::spawn_blocking(move || render_rating_chart(&chart)).await??;
    let fits = text.chars().count() <= CAPTION_MAX;
    let caption = fits.then_some(text.as_str());
    send_file(app, chat, Attachment::Photo(png), "rating.png", caption).await?;
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
    // Halma for four has ratings of its own (RULES §14); the other multi-player
    // variants have none.
    let multi = arg
        .split_whitespace()
        .next()
        .and_then(|w| w.parse::<MultiVariant>().ok());
    let variant = match (multi, arg.split_whitespace().next()) {
        (Some(_), _) => VariantId::Classic,
        (None, None) => {
            let d = c.settings.variant.id();
            if group && d.rated() {
                d
            } else {
                VariantId::Classic
            }
        }
        (None, Some(w)) => match w.parse::<VariantId>() {
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
    if multi.is_some_and(|v| v != MultiVariant::Halma4) || (multi.is_none() && !variant.rated()) {
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
    let (board, name) = match multi {
        Some(v) => (
            crate::game::standings::multi_leaderboard(&users, v),
            t.table_variant(v),
        ),
        None => (leaderboard(&users, variant), t.variant_name(variant)),
    };
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
    let text = t.top(&name, scope, &rows, more);
    say(app, chat, None, &text, None).await?;
    Ok(())
}
