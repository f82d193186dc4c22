//! Tournaments in a group: `/tournament swiss 5 classic 5+3` (an admin) opens the entries
//! with a message whose buttons are Join and Leave for everyone and Start, Pause/Resume
//! and Cancel for the group's admins; `/tournaments` lists the group's events. Once
//! started, the event moves on by itself ([`crate::bot::play::tournament`]): each round's
//! pairings, its games, its results and standings, the winner.

use crate::bot::chat::context::{Answer, HandlerResult, Incoming, Tap};
use crate::bot::chat::is_admin;
use crate::bot::chat::messages::say;
use crate::bot::controls::callback::TournamentAct;
use crate::bot::controls::keyboard;
use crate::bot::play::{self, tournament};
use crate::bot::state::App;
use crate::bot::texts::tournament::{ListLine, Stage};
use crate::bot::texts::{Texts, civil};
use crate::engine::multi::MultiVariant;
use crate::engine::{AnyVariant, Variant, VariantId};
use crate::game::tournament::{Format, standings};
use crate::game::{
    Millis, ServiceError, TimeControl, TournamentId, TournamentRefusal, TournamentSettings,
    TournamentStatus,
};

/// The first-move limit where the command names none: enough to notice a new board.
pub const FIRST_MOVE: Millis = Millis::minutes(3);

/// What `/tournament` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentArgs {
    /// The format.
    pub format: Format,
    /// The variant: two sides, or a table of three or four (an arena only).
    pub variant: AnyVariant,
    /// The time control.
    pub time: TimeControl,
    /// Rated.
    pub rated: bool,
    /// Starts by itself this long after it is opened.
    pub starts_in: Option<Millis>,
    /// The first-move limit.
    pub first_move: Millis,
}

/// A duration as `30m`, `2h`, `1d`, `90s`.
fn duration(w: &str) -> Option<Millis> {
    let (n, unit) = w.split_at(w.find(|c: char| !c.is_ascii_digit())?);
    let n: u64 = n.parse().ok()?;
    Some(match unit {
        "s" => Millis::secs(n),
        "m" | "min" => Millis::minutes(n),
        "h" => Millis::minutes(n * 60),
        "d" => Millis::minutes(n * 60 * 24),
        _ => return None,
    })
}

/// Read `/tournament`'s words: a format (`swiss`, `roundrobin`/`rr` with `double`, `arena`)
/// with its number (rounds; an arena's minutes), a variant (`halma3`, `halma4` and
/// `halma4-teams` seat tables, for an arena), a time control, `casual`,
/// `in 30m`, `first 2m`. `None` when a word is not understood or no format is named.
pub fn parse_args(arg: &str) -> Option<TournamentArgs> {
    let words: Vec<String> = arg.split_whitespace().map(str::to_lowercase).collect();
    let mut kind = None;
    let mut number = None;
    let mut double = false;
    let mut variant = AnyVariant::Two(Variant::new(VariantId::Classic));
    let mut time = TimeControl::Untimed;
    let mut rated = true;
    let mut starts_in = None;
    let mut first_move = None;
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        match w {
            "swiss" | "швейцарка" => kind = Some("swiss"),
            "roundrobin" | "round-robin" | "rr" | "круговой" => kind = Some("rr"),
            "arena" | "арена" => kind = Some("arena"),
            "double" | "двухкруговой" => double = true,
            "casual" | "unrated" => rated = false,
            "rated" => rated = true,
            "in" | "через" => {
                i += 1;
                starts_in = Some(duration(words.get(i)?)?);
            }
            "first" | "первый" => {
                i += 1;
                first_move = Some(duration(words.get(i)?)?);
            }
            _ => {
                if let Ok(n) = w.parse::<u32>() {
                    number = Some(n);
                } else if let Ok(v) = w.parse::<VariantId>() {
                    if v == VariantId::Training {
                        return None;
                    }
                    variant = AnyVariant::Two(Variant::new(v));
                } else if let Ok(m) = w.parse::<MultiVariant>() {
                    variant = AnyVariant::Multi(m);
                } else if let Some(s) = w.strip_suffix('s').and_then(|n| n.parse::<u64>().ok()) {
                    time = TimeControl::PerMove {
                        limit: Millis::secs(s.clamp(10, 86_400)),
                    };
                } else if let Ok(tc) = w.parse::<TimeControl>() {
                    time = tc;
                } else {
                    return None;
                }
            }
        }
        i += 1;
    }
    let format = match kind? {
        "swiss" => Format::Swiss {
            rounds: number.unwrap_or(5).clamp(1, 30) as u8,
        },
        "rr" => Format::RoundRobin {
            cycles: if double { 2 } else { 1 },
        },
        _ => Format::Arena {
            minutes: number.unwrap_or(60).clamp(5, 24 * 60),
        },
    };
    // A slow game's first move may wait as long as any move; a clock's, a few minutes.
    let first_move = first_move.unwrap_or(match time {
        TimeControl::Days { days } => Millis::minutes(u64::from(days) * 60 * 24),
        _ => FIRST_MOVE,
    });
    Some(TournamentArgs {
        format,
        variant,
        time,
        rated,
        starts_in,
        first_move: Millis(first_move.0.max(10_000)),
    })
}

/// `/tournament …` in a group: an admin opens the entries.
pub async fn on_tournament(
    app: App,
    m: Incoming,
    t: &'static dyn Texts,
    arg: String,
) -> HandlerResult {
    let Some(a) = parse_args(&arg) else {
        say(&app, m.chat, Some(m.id()), &t.tournament_usage(), None).await?;
        return Ok(());
    };
    if !is_admin(&app, m.chat, m.user).await {
        say(&app, m.chat, Some(m.id()), &t.event_admins_only(), None).await?;
        return Ok(());
    }
    let (chat, host, now) = (m.chat, m.user, app.now());
    let settings = TournamentSettings {
        format: a.format,
        variant: a.variant,
        time_control: a.time,
        rated: a.rated,
        starts_at: a.starts_in.map(|d| now.plus(d)),
        first_move: a.first_move,
    };
    let r = app
        .games
        .run(move |s| s.open_tournament(chat, host, settings, now))
        .await;
    let rec = match r {
        Ok(rec) => rec,
        Err(ServiceError::Tournament(r)) => {
            say(&app, chat, Some(m.id()), &t.tournament_refusal(&r), None).await?;
            return Ok(());
        }
        Err(e) => return Err(e.into()),
    };
    let text = tournament::entry_text(&rec, t);
    let kb = keyboard::tournament(rec.id, rec.status, t);
    let sent = say(&app, chat, None, &text, kb).await?;
    let (id, msg) = (rec.id, crate::game::MessageId(sent.id.0));
    app.games
        .run(move |s| s.set_tournament_message(id, msg, now))
        .await?;
    Ok(())
}

/// `/tournaments`: the group's events, newest first.
pub async fn on_tournaments(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    let chat = m.chat;
    let list = app.games.run(move |s| s.chat_tournaments(chat)).await?;
    let lines: Vec<ListLine> = list
        .iter()
        .take(20)
        .map(|r| {
            let (y, mo, d, _, _) = civil(r.created_at.0);
            let winners = match r.status {
                TournamentStatus::Finished { .. } => standings(&r.event)
                    .iter()
                    .filter(|l| l.rank == 1)
                    .map(|l| crate::bot::texts::escape(&r.event.players[l.player.index()].name))
                    .collect(),
                _ => Vec::new(),
            };
            ListLine {
                format: r.settings.format,
                variant: t.game_variant(&r.settings.variant),
                players: r.people.len(),
                stage: stage(r.status),
                winners,
                round: (r.event.rounds.len() as u32, r.event.total_rounds()),
                date: format!("{y}-{mo:02}-{d:02}"),
            }
        })
        .collect();
    say(&app, chat, Some(m.id()), &t.tournaments_list(&lines), None).await?;
    Ok(())
}

fn stage(s: TournamentStatus) -> Stage {
    match s {
        TournamentStatus::Draft => Stage::Draft,
        TournamentStatus::Running => Stage::Running,
        TournamentStatus::Paused => Stage::Paused,
        TournamentStatus::Finished { .. } => Stage::Finished,
        TournamentStatus::Cancelled { .. } => Stage::Cancelled,
    }
}

/// A tap on a tournament's entry message. The button must be the tournament's own, in
/// its group: data forged for another group's tournament is refused.
pub async fn on_tap(app: App, tap: Tap, (id, act): (TournamentId, TournamentAct)) -> HandlerResult {
    let (user, now, t) = (tap.user(), app.now(), tap.texts());
    let rec = app.games.run(move |s| s.tournament(id)).await?;
    if rec.chat != tap.chat() {
        return Err(ServiceError::Tournament(TournamentRefusal::NoSuchTournament).into());
    }
    let tx = crate::bot::texts::texts(app.chat_lang(rec.chat, Some(user)).await);
    match act {
        TournamentAct::Join => {
            let from = &tap.query().from;
            let (name, username) = (from.full_name(), from.username.clone());
            let rec = app
                .games
                .run(move |s| s.join_tournament(id, user, username, name, now))
                .await?;
            tap.answer(Answer::Toast(t.entered())).await;
            tournament::entry_changed(&app, &rec);
        }
        TournamentAct::Leave => {
            let (rec, playing) = app
                .games
                .run(move |s| s.leave_tournament(id, user, now))
                .await?;
            let running = rec.status != TournamentStatus::Draft;
            tap.answer(Answer::Toast(t.withdrawn(running))).await;
            // A game in play is resigned at once (before anything is said in the group,
            // whose pace may hold a message for a while): a withdrawal mid-round loses it,
            // and the round can finish.
            if let Some(game) = playing {
                match app.games.run(move |s| s.resign(game, user, now)).await {
                    Ok(g) => play::changed(&app, g),
                    Err(ServiceError::GameOver) => {}
                    Err(e) => tracing::warn!(%game, error = %e, "a withdrawing player's game"),
                }
            }
            tournament::entry_changed(&app, &rec);
            if running {
                // Told at the group's pace, without holding this person's next taps.
                let who = crate::bot::texts::mention(user.0, &tap.query().from.full_name());
                let (app, chat) = (app.clone(), rec.chat);
                tokio::spawn(async move {
                    if let Err(e) = say(&app, chat, None, &tx.withdrew(&who), None).await {
                        tracing::debug!(error = %e, "a withdrawal's announcement");
                    }
                });
            }
            tournament::wake(&app);
        }
        TournamentAct::Start
        | TournamentAct::Cancel
        | TournamentAct::Pause
        | TournamentAct::Resume => {
            if !is_admin(&app, rec.chat, user).await {
                return tap.reply(Answer::Alert(t.event_admins_only()));
            }
            admin(&app, &tap, id, act, tx).await?;
        }
    }
    Ok(())
}

/// An admin's button. The change is made and the tap answered at once; what the group
/// is told follows under the steps' lock, after whatever another step is telling.
async fn admin(
    app: &App,
    tap: &Tap,
    id: TournamentId,
    act: TournamentAct,
    tx: &'static dyn Texts,
) -> HandlerResult {
    let (now, t) = (app.now(), tap.texts());
    if act == TournamentAct::Start {
        let a = app.games.run(move |s| s.start_tournament(id, now)).await?;
        tap.answer(Answer::Toast(t.tournament_done(Stage::Running)))
            .await;
        // The pairings and the boards first, the entry's own edit after them; in the
        // background, so that the admin's next taps (they may be playing) do not wait for
        // a round's messages.
        let app = app.clone();
        tokio::spawn(async move {
            let _one = app.tasks.tournament_steps().lock().await;
            if let Err(e) = tournament::shown(&app, a).await {
                tracing::warn!(tournament = %id, error = %e, "a tournament's start could not be shown");
            }
            match app.games.run(move |s| s.tournament(id)).await {
                Ok(rec) => tournament::entry_changed(&app, &rec),
                Err(e) => tracing::debug!(tournament = %id, error = %e, "a started tournament"),
            }
        });
        return Ok(());
    }
    let (to, done) = match act {
        TournamentAct::Pause => (TournamentStatus::Paused, Stage::Paused),
        TournamentAct::Resume => (TournamentStatus::Running, Stage::Running),
        _ => (TournamentStatus::Cancelled { at: now }, Stage::Cancelled),
    };
    let rec = app
        .games
        .run(move |s| s.set_tournament_status(id, to, now))
        .await?;
    tap.answer(Answer::Toast(t.tournament_done(done))).await;
    tournament::entry_changed(app, &rec);
    if done == Stage::Cancelled {
        let _one = app.tasks.tournament_steps().lock().await;
        let rec = app.games.run(move |s| s.tournament(id)).await?;
        tournament::tell(app, rec, tx).await?;
    } else {
        tournament::wake(app);
    }
    Ok(())
}
