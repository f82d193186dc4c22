//! The tournament operations of the game service, without Telegram: withdrawals (two in
//! one pairing are a double forfeit), late entries, a full field, a pause, and a step
//! that is repeated writing nothing the second time.

use std::sync::Arc;
use ugolki_bot::engine::{Color, Variant, VariantId};
use ugolki_bot::game::tournament::{Format, GameResult, Seed};
use ugolki_bot::game::{
    ChatId, GameRecord, GameService, MAX_ENTRANTS, MemoryStore, Millis, ServiceError, TimeControl,
    Timestamp, Timing, TournamentId, TournamentRefusal, TournamentSettings, TournamentStatus,
    UserId,
};

const GROUP: ChatId = ChatId(-77);

fn t(s: u64) -> Timestamp {
    Timestamp(1_800_000_000_000 + s * 1000)
}

fn service() -> GameService {
    GameService::new(Arc::new(MemoryStore::new()), Timing::default())
}

fn open(s: &GameService, format: Format, players: u64) -> TournamentId {
    let settings = TournamentSettings {
        format,
        variant: Variant::new(VariantId::Classic),
        time_control: TimeControl::Untimed,
        rated: false,
        starts_at: None,
        first_move: Millis::minutes(3),
    };
    let id = s
        .open_tournament(GROUP, UserId(1), settings, t(0))
        .unwrap()
        .id;
    for u in 1..=players {
        s.join_tournament(id, UserId(u), None, format!("P{u}"), t(1))
            .unwrap();
    }
    id
}

/// Black resigns each game.
fn white_wins(s: &GameService, games: &[GameRecord], at: Timestamp) {
    for g in games {
        let black = g.player(Color::Black).user().unwrap();
        s.resign(g.id, black, at).unwrap();
    }
}

#[test]
fn two_withdrawn_players_who_meet_are_a_double_forfeit() {
    let s = service();
    let id = open(&s, Format::RoundRobin { cycles: 1 }, 4);
    let a = s.start_tournament(id, t(2)).unwrap();
    assert_eq!(a.started.len(), 2);
    white_wins(&s, &a.started, t(3));
    // Players 3 and 4 withdraw after round 1.
    s.leave_tournament(id, UserId(3), t(4)).unwrap();
    s.leave_tournament(id, UserId(4), t(4)).unwrap();
    let mut at = 5;
    loop {
        let a = s.advance_tournament(id, t(at)).unwrap();
        white_wins(&s, &a.started, t(at + 1));
        at += 2;
        let rec = a.record.unwrap();
        if matches!(rec.status, TournamentStatus::Finished { .. }) {
            // Berger's table for four: round 2 is 4-3 and 1-2, round 3 is 2-4 and 3-1.
            let r2 = &rec.event.rounds[1].pairings;
            assert_eq!((r2[0].white, r2[0].black), (Seed(3), Seed(2)));
            assert_eq!(r2[0].result, Some(GameResult::DoubleForfeit));
            assert_eq!(rec.games[1][0], None, "no game for a forfeit");
            assert!(rec.games[1][1].is_some(), "1 and 2 play");
            let r3 = &rec.event.rounds[2].pairings;
            assert_eq!(r3[0].result, Some(GameResult::WhiteByForfeit)); // 2-4
            assert_eq!(r3[1].result, Some(GameResult::BlackByForfeit)); // 3-1
            // A double forfeit scores nothing for either (both lost in round 1 too).
            assert_eq!(rec.event.half_points(Seed(2)), 0);
            assert_eq!(rec.event.half_points(Seed(3)), 0);
            // 1 and 2: a win each in round 1, one over the board and one by forfeit later.
            assert_eq!(rec.event.half_points(Seed(0)), 6);
            break;
        }
        assert!(at < 40, "the event ends");
    }
}

#[test]
fn a_late_entry_is_paired_from_the_next_round() {
    let s = service();
    let id = open(&s, Format::Swiss { rounds: 3 }, 4);
    let a = s.start_tournament(id, t(2)).unwrap();
    // Late into a running Swiss: entered, not in the round being played.
    s.join_tournament(id, UserId(9), None, "Late".into(), t(3))
        .unwrap();
    white_wins(&s, &a.started, t(4));
    let a = s.advance_tournament(id, t(5)).unwrap();
    let rec = a.record.unwrap();
    let late = rec.seed_of(UserId(9)).unwrap();
    assert!(
        rec.event.rounds[0]
            .pairings
            .iter()
            .all(|p| p.colour_of(late).is_none())
    );
    let r2 = &rec.event.rounds[1];
    assert!(
        r2.pairings.iter().any(|p| p.colour_of(late).is_some()) || r2.bye == Some(late),
        "{r2:?}"
    );
    // Entering twice is refused.
    assert_eq!(
        s.join_tournament(id, UserId(9), None, "Late".into(), t(6)),
        Err(ServiceError::Tournament(TournamentRefusal::AlreadyEntered))
    );
}

#[test]
fn a_full_field_refuses_one_more() {
    let s = service();
    let id = open(&s, Format::Swiss { rounds: 5 }, MAX_ENTRANTS as u64);
    assert_eq!(
        s.join_tournament(id, UserId(100_000), None, "One more".into(), t(2)),
        Err(ServiceError::Tournament(TournamentRefusal::Full))
    );
    assert_eq!(s.tournament(id).unwrap().people.len(), MAX_ENTRANTS);
}

#[test]
fn a_paused_tournament_pairs_no_round_until_it_resumes() {
    let s = service();
    let id = open(&s, Format::Swiss { rounds: 2 }, 4);
    let a = s.start_tournament(id, t(2)).unwrap();
    s.set_tournament_status(id, TournamentStatus::Paused, t(3))
        .unwrap();
    white_wins(&s, &a.started, t(4));
    let a = s.advance_tournament(id, t(5)).unwrap();
    let rec = a.record.unwrap();
    assert_eq!(rec.event.rounds.len(), 1, "paused: no round 2");
    assert!(rec.event.rounds[0].complete(), "results are still recorded");
    s.set_tournament_status(id, TournamentStatus::Running, t(6))
        .unwrap();
    let a = s.advance_tournament(id, t(7)).unwrap();
    assert_eq!(a.record.unwrap().event.rounds.len(), 2);
    // The same step again writes nothing and starts nothing.
    let before = s.tournament(id).unwrap().version;
    let again = s.advance_tournament(id, t(8)).unwrap();
    assert!(again.started.is_empty());
    assert_eq!(s.tournament(id).unwrap().version, before);
}

#[test]
fn a_first_move_not_made_in_time_is_a_forfeit() {
    let s = service();
    let id = open(&s, Format::Swiss { rounds: 2 }, 2);
    let a = s.start_tournament(id, t(2)).unwrap();
    let g = &a.started[0];
    // Not yet: nothing happens.
    let early = s.advance_tournament(id, t(100)).unwrap();
    assert!(early.forfeited.is_empty());
    // Three minutes after the game began, White has not moved: White loses by forfeit.
    let late = s.advance_tournament(id, t(2 + 180)).unwrap();
    assert_eq!(late.forfeited.len(), 1);
    assert_eq!(late.forfeited[0].1, Color::White);
    assert!(!s.game(g.id).unwrap().is_active());
    let rec = late.record.unwrap();
    assert_eq!(
        rec.event.rounds[0].pairings[0].result,
        Some(GameResult::BlackByForfeit)
    );
}

#[test]
fn a_group_that_becomes_a_supergroup_takes_its_tournaments() {
    let s = service();
    let id = open(&s, Format::Swiss { rounds: 3 }, 4);
    let a = s.start_tournament(id, t(2)).unwrap();
    let to = ChatId(-1_000_000_000_077);
    s.migrate_chat(GROUP, to, t(3)).unwrap();
    let rec = s.tournament(id).unwrap();
    assert_eq!(rec.chat, to);
    assert_eq!(s.chat_tournaments(to).unwrap().len(), 1);
    assert!(s.chat_tournaments(GROUP).unwrap().is_empty());
    // Its games went too, and the event goes on there.
    assert!(a.started.iter().all(|g| s.game(g.id).unwrap().chat == to));
}
