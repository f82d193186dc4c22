//! The tournament operations of the game service, without Telegram: withdrawals (two in
//! one pairing are a double forfeit), late entries, a full field, a pause, a step that is
//! repeated writing nothing the second time, and an arena of tables of three.

use std::sync::Arc;
use ugolki_bot::engine::multi::{MultiVariant, Seat};
use ugolki_bot::engine::{AnyVariant, Color, Variant, VariantId};
use ugolki_bot::game::tournament::{Format, GameResult, Seed, TableResult, standings};
use ugolki_bot::game::{
    Actor, ChatId, Expect, GameRecord, GameService, MAX_ENTRANTS, MemoryStore, Millis, MoveInput,
    ServiceError, Status, TimeControl, Timestamp, Timing, TournamentId, TournamentRefusal,
    TournamentSettings, TournamentStatus, UserId,
};

const GROUP: ChatId = ChatId(-77);

fn t(s: u64) -> Timestamp {
    Timestamp(1_800_000_000_000 + s * 1000)
}

fn service() -> GameService {
    GameService::new(Arc::new(MemoryStore::new()), Timing::default())
}

fn open(s: &GameService, format: Format, players: u64) -> TournamentId {
    open_in(
        s,
        format,
        AnyVariant::Two(Variant::new(VariantId::Classic)),
        players,
    )
    .unwrap()
}

fn open_in(
    s: &GameService,
    format: Format,
    variant: AnyVariant,
    players: u64,
) -> Result<TournamentId, ServiceError> {
    let settings = TournamentSettings {
        format,
        variant,
        time_control: TimeControl::Untimed,
        rated: false,
        starts_at: None,
        first_move: Millis::minutes(3),
    };
    let id = s.open_tournament(GROUP, UserId(1), settings, t(0))?.id;
    for u in 1..=players {
        s.join_tournament(id, UserId(u), None, format!("P{u}"), t(1))?;
    }
    Ok(id)
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
    assert_eq!(late.forfeited[0].1, Seat::White);
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

/// Play a table's turns, the program's for seats whose player left, until it ends or
/// `turns` are played.
fn play_table(s: &GameService, id: ugolki_bot::game::GameId, turns: usize, at: Timestamp) {
    for _ in 0..turns {
        let g = s.game(id).unwrap();
        if !g.is_active() {
            return;
        }
        let seat = g.to_move();
        let actor = if g.left().has(seat) {
            Actor::Program
        } else {
            Actor::User(g.player(seat).user().unwrap())
        };
        let game = g.replay().unwrap();
        let pos = game.multi().unwrap().position();
        let turn = pos.legal_turns()[0];
        let mv = match pos.path(turn) {
            Some(p) => MoveInput::from(&p),
            None => MoveInput::Text("--".into()),
        };
        s.play(id, actor, Expect::Any, &mv, at).unwrap();
    }
}

#[test]
fn an_arena_of_tables_of_three_seats_by_score_and_counts_places() {
    let s = service();
    let halma3 = AnyVariant::Multi(MultiVariant::Halma3);
    // Tables are seated by an arena only.
    assert_eq!(
        open_in(&s, Format::Swiss { rounds: 3 }, halma3.clone(), 0),
        Err(ServiceError::Tournament(TournamentRefusal::TablesArenaOnly))
    );
    let id = open_in(&s, Format::Arena { minutes: 60 }, halma3.clone(), 7).unwrap();
    let a = s.start_tournament(id, t(2)).unwrap();
    // Seven players: two tables of three in the group, one waits.
    assert_eq!(a.started.len(), 2);
    let rec = a.record.unwrap();
    let wave = &rec.event.rounds[0];
    assert!(wave.pairings.is_empty());
    assert_eq!(wave.tables.len(), 2);
    let seated: Vec<Seed> = wave.tables.iter().flat_map(|t| t.seats.clone()).collect();
    let waiting: Vec<Seed> = rec.event.seeds().filter(|p| !seated.contains(p)).collect();
    assert_eq!(waiting.len(), 1);
    for (g, table) in a.started.iter().zip(&wave.tables) {
        assert!(g.is_table());
        assert_eq!(g.chat, GROUP, "tables are played in the group");
        let users: Vec<UserId> = table
            .seats
            .iter()
            .map(|p| rec.user_of(*p).unwrap())
            .collect();
        let players: Vec<UserId> = g.players.iter().map(|p| p.user().unwrap()).collect();
        assert_eq!(players, users, "seat order is the table's");
    }
    // Table 1: Green's and Black's players resign before anyone moves (Green first), and
    // the round is played out: White first, Black second, Green last.
    let (g1, t1) = (&a.started[0], &wave.tables[0]);
    let user = |i: usize| rec.user_of(t1.seats[i]).unwrap();
    s.resign(g1.id, user(1), t(3)).unwrap();
    s.resign(g1.id, user(2), t(4)).unwrap();
    play_table(&s, g1.id, 3, t(5));
    assert!(matches!(s.game(g1.id).unwrap().status, Status::Over { .. }));
    // Table 2: its White does not come; three minutes on, they are out of the table,
    // which plays on.
    let g2 = &a.started[1];
    let late = s.advance_tournament(id, t(2 + 180)).unwrap();
    assert_eq!(late.forfeited.len(), 1);
    assert_eq!(late.forfeited[0].0.id, g2.id);
    assert_eq!(late.forfeited[0].1, Seat::White);
    assert!(s.game(g2.id).unwrap().is_active());
    assert!(s.game(g2.id).unwrap().left().has(Seat::White));
    let rec = late.record.unwrap();
    assert_eq!(
        rec.event.rounds[0].tables[0].result,
        Some(TableResult::Places(vec![1, 3, 2]))
    );
    assert_eq!(rec.event.rounds[0].tables[1].result, None);
    // Places score 2 for each player below: 4, 0, 2.
    let table = standings(&rec.event);
    let points = |p: Seed| table.iter().find(|l| l.player == p).unwrap().points.0;
    assert_eq!(
        [
            points(t1.seats[0]),
            points(t1.seats[1]),
            points(t1.seats[2])
        ],
        [4, 0, 2]
    );
    assert_eq!(table[0].player, t1.seats[0], "the table's winner leads");
    assert_eq!(table[0].played, 1);
    // The next wave: the table's three and the one who waited, four for one table of
    // three. The same table does not sit again while others can come: the waiting player
    // sits with the two top scores, and the last of table 1 waits.
    let wave2 = &rec.event.rounds[1];
    assert_eq!(wave2.tables.len(), 1, "{:?}", rec.event.rounds);
    let mut seats = wave2.tables[0].seats.clone();
    seats.sort();
    let mut expect = vec![t1.seats[0], t1.seats[2], waiting[0]];
    expect.sort();
    assert_eq!(seats, expect);
    // A game of the table is not anyone's second: nobody sits at two open tables.
    let open: Vec<Seed> = rec.event.rounds.iter().flat_map(|r| r.busy()).collect();
    let mut dedup = open.clone();
    dedup.sort();
    dedup.dedup();
    assert_eq!(open.len(), dedup.len());
    // The same step again writes nothing.
    let v = s.tournament(id).unwrap().version;
    let again = s.advance_tournament(id, t(2 + 181)).unwrap();
    assert!(again.started.is_empty() && again.forfeited.is_empty());
    assert_eq!(s.tournament(id).unwrap().version, v);
}

#[test]
fn an_arena_of_tables_takes_what_its_group_seats_and_starts_with_a_table() {
    let s = service();
    let halma4 = AnyVariant::Multi(MultiVariant::Halma4);
    let id = open_in(&s, Format::Arena { minutes: 30 }, halma4.clone(), 3).unwrap();
    assert_eq!(
        s.start_tournament(id, t(2)).err(),
        Some(ServiceError::Tournament(TournamentRefusal::TooFew))
    );
    let cap = ugolki_bot::game::GROUP_BOARDS * 4;
    for u in 4..=cap as u64 {
        s.join_tournament(id, UserId(u), None, format!("P{u}"), t(3))
            .unwrap();
    }
    assert_eq!(
        s.join_tournament(id, UserId(999), None, "One more".into(), t(4)),
        Err(ServiceError::Tournament(TournamentRefusal::Full))
    );
    let a = s.start_tournament(id, t(5)).unwrap();
    assert_eq!(a.started.len(), ugolki_bot::game::GROUP_BOARDS);
    assert!(
        a.started
            .iter()
            .all(|g| g.chat == GROUP && g.players.len() == 4)
    );
}
