//! `/stats`, `/top` and `/history`.

use super::app::App;
use super::callback::Callback;
use super::error::BotError;
use super::handlers::say;
use super::texts::{Texts, escape};
use crate::engine::{Color, VariantId};
use crate::game::{ChatId, GameRecord, Player, Status, UserId, UserRecord};
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, User};

fn stats_text(u: &UserRecord, t: &dyn Texts) -> String {
    let mut s = format!("<b>{}</b>\n", escape(&u.name));
    let mut any = false;
    for st in &u.stats {
        if st.games() == 0 {
            continue;
        }
        any = true;
        s.push_str(&format!(
            "{}: +{} ={} −{}",
            t.variant_name(st.variant),
            st.wins,
            st.draws,
            st.losses
        ));
        if st.variant.rated() && st.rated_games > 0 {
            s.push_str(&format!(
                " · {}{} (best {}, last {:+})",
                st.rating,
                if crate::game::rating::provisional(st.rated_games) {
                    "?"
                } else {
                    ""
                },
                st.best_rating,
                st.last_change
            ));
        }
        if st.streak != 0 {
            s.push_str(&format!(" · streak {:+}", st.streak));
        }
        s.push('\n');
    }
    if !any {
        s.push('—');
    }
    s
}

/// `/stats [@user]`.
pub async fn stats(
    app: &App,
    msg: &Message,
    from: &User,
    arg: &str,
    t: &dyn Texts,
) -> Result<(), BotError> {
    let chat = ChatId(msg.chat.id.0);
    let me = UserId(from.id.0);
    let target = match arg.trim().strip_prefix('@') {
        Some(name) if !name.is_empty() => {
            let name = name.to_string();
            let found = app.games.run(move |s| s.users_by_username(&name)).await?;
            found.into_iter().next()
        }
        _ => {
            let replied = msg
                .reply_to_message()
                .and_then(|r| r.from.as_ref())
                .filter(|u| !u.is_bot)
                .map(|u| UserId(u.id.0))
                .unwrap_or(me);
            app.games.run(move |s| s.user(replied)).await?
        }
    };
    let Some(u) = target else {
        say(app, chat, Some(msg.id), "—", None).await?;
        return Ok(());
    };
    let mut text = stats_text(&u, t);
    if u.id != me {
        // Head-to-head from the asker's finished games.
        let (uid, other) = (me, u.id);
        let games = app.games.run(move |s| s.user_games(uid, None, 500)).await?;
        let (mut w, mut d, mut l) = (0, 0, 0);
        for g in games.iter().filter(|g| g.color_of(other).is_some()) {
            if let (Status::Over { outcome, .. }, Some(c)) = (g.status, g.color_of(uid)) {
                match outcome.result.winner() {
                    Some(x) if x == c => w += 1,
                    Some(_) => l += 1,
                    None => d += 1,
                }
            }
        }
        text.push_str(&format!(
            "\n⚔ {} — {}: +{w} ={d} −{l}",
            escape(&from.full_name()),
            escape(&u.name)
        ));
    }
    say(app, chat, None, &text, None).await?;
    Ok(())
}

/// `/top [variant]`: the chat's leaderboard in a group, everyone's in a private chat.
pub async fn top(app: &App, msg: &Message, arg: &str, t: &dyn Texts) -> Result<(), BotError> {
    let chat = ChatId(msg.chat.id.0);
    let variant = arg
        .trim()
        .parse::<VariantId>()
        .unwrap_or(VariantId::Classic);
    let users = if chat.0 < 0 {
        let c = app
            .games
            .run(move |s| s.chat(chat, super::app::now()))
            .await?;
        let ids = c.players;
        app.games
            .run(move |s| {
                let mut v = Vec::new();
                for id in ids {
                    if let Some(u) = s.user(id)? {
                        v.push(u);
                    }
                }
                Ok::<_, crate::game::ServiceError>(v)
            })
            .await?
    } else {
        app.games.run(|s| s.all_users()).await?
    };
    let mut rows: Vec<(i32, u32, String)> = users
        .iter()
        .filter_map(|u| {
            let s = u.stats(variant)?;
            (s.rated_games > 0).then(|| (s.rating, s.rated_games, u.name.clone()))
        })
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    let mut text = format!("<b>🏆 {}</b>\n", t.variant_name(variant));
    let mut rank = 0;
    let mut last = None;
    for (i, (r, n, name)) in rows.iter().take(20).enumerate() {
        if last != Some(*r) {
            rank = i + 1;
            last = Some(*r);
        }
        text.push_str(&format!(
            "{rank}. {} — {r}{} ({n})\n",
            escape(name),
            if *n < 30 { "?" } else { "" }
        ));
    }
    if rows.is_empty() {
        text.push('—');
    }
    say(app, chat, None, &text, None).await?;
    Ok(())
}

fn short_result(g: &GameRecord, me: UserId) -> &'static str {
    match (g.status, g.color_of(me)) {
        (Status::Over { outcome, .. }, Some(c)) => match outcome.result.winner() {
            Some(w) if w == c => "✅",
            Some(_) => "❌",
            None => "🤝",
        },
        (Status::Aborted { .. }, _) => "✖",
        _ => "…",
    }
}

/// `/history`: the last games with buttons for their record and replay.
pub async fn history(app: &App, msg: &Message, from: &User, t: &dyn Texts) -> Result<(), BotError> {
    let chat = ChatId(msg.chat.id.0);
    let me = UserId(from.id.0);
    let games = app.games.run(move |s| s.user_games(me, None, 10)).await?;
    let mut text = String::new();
    let mut rows = Vec::new();
    for g in games.iter().filter(|g| !g.is_active()) {
        let opp = Color::ALL
            .into_iter()
            .find(|c| g.player(*c) != Player::Human(me))
            .map(|c| g.player(c));
        let opp_name = match opp {
            Some(Player::Human(u)) => app
                .games
                .run(move |s| s.user(u))
                .await
                .ok()
                .flatten()
                .map(|u| u.name)
                .unwrap_or_default(),
            Some(Player::Program { level }) => format!("🤖 {level}"),
            _ => "🎯".into(),
        };
        let reason = match g.status {
            Status::Over { outcome, .. } => outcome.reason.id(),
            _ => "aborted",
        };
        text.push_str(&format!(
            "{} {} · {} · {} · {}\n",
            short_result(g, me),
            super::flow::date_of(g.created_at.0),
            escape(&opp_name),
            t.variant_name(g.variant.id()),
            reason
        ));
        // Exports work where the game was played.
        if g.chat == chat {
            rows.push(vec![
                InlineKeyboardButton::callback(
                    format!("{} #{}", t.btn_record(), g.id),
                    Callback::Export {
                        game: g.id,
                        gif: false,
                    }
                    .encode(),
                ),
                InlineKeyboardButton::callback(
                    format!("{} #{}", t.btn_replay(), g.id),
                    Callback::Export {
                        game: g.id,
                        gif: true,
                    }
                    .encode(),
                ),
            ]);
        }
    }
    if text.is_empty() {
        text.push('—');
    }
    let kb = (!rows.is_empty()).then(|| InlineKeyboardMarkup::new(rows));
    say(app, chat, None, &text, kb).await?;
    Ok(())
}
