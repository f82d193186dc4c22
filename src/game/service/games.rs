//! Games of two, three or four seats: creating them, moves and passes, resignations
//! (a table's player leaving), draws, aborts, the end with its statistics and ratings,
//! and where their boards live.

use super::*;

impl GameService {
    /// The core of every game change: read, let `f` derive the next record from the
    /// current one, recompute the deadline, add the finishing writes if `f` ended the
    /// game, and commit guarded by the version read. A lost race re-reads and re-runs `f`,
    /// which re-checks everything (turn, expectation, legality) against the new state.
    pub(super) fn change_game<T>(
        &self,
        id: GameId,
        now: Timestamp,
        f: impl FnMut(&GameRecord, &mut GameRecord) -> Result<T, ServiceError>,
    ) -> Result<(GameRecord, T), ServiceError> {
        self.change_game_from(id, None, now, f)
    }

    /// [`Self::change_game`] for an action of `user`'s as a player of an active game (and,
    /// with [`Paused::Refused`], of an unpaused one): `f` gets their seat.
    fn act<T>(
        &self,
        id: GameId,
        user: UserId,
        paused: Paused,
        now: Timestamp,
        mut f: impl FnMut(&GameRecord, Seat, &mut GameRecord) -> Result<T, ServiceError>,
    ) -> Result<(GameRecord, T), ServiceError> {
        self.change_game(id, now, |cur, next| {
            let s = playing(cur, user)?;
            if paused == Paused::Refused {
                unpaused(cur)?;
            }
            f(cur, s, next)
        })
    }

    /// [`Self::change_game`] starting from a record the caller has just read (the timer
    /// reads every game it fires anyway), which saves one store read per change; a lost
    /// race re-reads as usual, and so does a refusal: it must come from the stored
    /// state, not from a copy that a change may have overtaken.
    pub(super) fn change_game_from<T>(
        &self,
        id: GameId,
        mut first: Option<GameRecord>,
        now: Timestamp,
        mut f: impl FnMut(&GameRecord, &mut GameRecord) -> Result<T, ServiceError>,
    ) -> Result<(GameRecord, T), ServiceError> {
        let (cur, next, value) = self.until_committed("game", || {
            let (cur, supplied) = match first.take() {
                Some(g) if g.id == id => (g, true),
                _ => (self.game(id)?, false),
            };
            let mut next = cur.clone();
            let value = match f(&cur, &mut next) {
                Ok(value) => value,
                Err(e) if supplied => {
                    let stored = self.game(id)?;
                    if stored.version == cur.version {
                        return Err(e);
                    }
                    first = Some(stored);
                    return Ok(Step::Again);
                }
                Err(e) => return Err(e),
            };
            let ws = self.game_writes(&cur, &mut next, now)?;
            Ok(Step::Write(ws, (cur, next, value)))
        })?;
        self.game_changed(&cur, &next);
        Ok((next, value))
    }

    /// The writes that replace `cur` by `next` (its version, time and deadline set here),
    /// guarded by `cur`'s version; with a game's end, its statistics and ratings.
    pub(super) fn game_writes(
        &self,
        cur: &GameRecord,
        next: &mut GameRecord,
        now: Timestamp,
    ) -> Result<WriteSet, ServiceError> {
        next.version = cur.version.next();
        next.updated_at = now;
        // A turn already shown is one turn: a move or a takeback starts another.
        if next.ply() != cur.ply() {
            next.turn_seen = None;
        }
        next.deadline = next.compute_deadline(&self.timing);
        let mut ws = WriteSet::new();
        if cur.is_active() && !next.is_active() {
            self.finish_writes(next, now, &mut ws)?;
        }
        // A lobby's players join the group's (its `/top`) when its game starts.
        if cur.status == Status::Lobby && next.is_active() {
            self.chat_gains(next, now, &mut ws)?;
        }
        ws.put(Some(cur.version), AnyRecord::Game(next.clone()));
        Ok(ws)
    }

    /// After a change of a game is committed: wake the timer if its deadline moved, and
    /// count it.
    pub(super) fn game_changed(&self, cur: &GameRecord, next: &GameRecord) {
        if next.deadline != cur.deadline {
            self.deadlines_changed.notify_one();
        }
        count_change(cur, next);
    }

    /// The writes that accompany a game's end: for a decided game, its people's
    /// statistics and, if rated, their ratings (Elo between two sides, RULES §14's pairs
    /// at a table). (The chat's open-game index follows the game record in the same
    /// commit.)
    pub(super) fn finish_writes(
        &self,
        g: &mut GameRecord,
        now: Timestamp,
        ws: &mut WriteSet,
    ) -> Result<(), ServiceError> {
        g.deadline = None;
        g.draw_offer = None;
        g.turn_notice_at = None;
        let Some(outcome) = g.ending() else {
            return Ok(());
        };
        if g.is_solo() {
            return Ok(());
        }
        let mut people: Vec<(Seat, UserRecord)> = Vec::new();
        for (s, p) in g.seated() {
            if let Player::Human(u) = p {
                if people.iter().any(|(_, r)| r.id == u) {
                    // One person at both sides of a board counts nothing.
                    return Ok(());
                }
                let r = self
                    .store
                    .user(u)?
                    .unwrap_or_else(|| UserRecord::new(u, "", now));
                people.push((s, r));
            }
        }
        g.ratings.clear();
        match (&g.variant, g.rated) {
            (AnyVariant::Two(v), rated) => {
                let vid = v.id();
                for (s, r) in &mut people {
                    r.stats_mut(vid).count(score(outcome, *s));
                }
                if let [(sw, w), (sb, b)] = people.as_mut_slice()
                    && rated
                {
                    let (x, y) = (w.stats_mut(vid), b.stats_mut(vid));
                    let (cw, cb) = elo_update(
                        Rated {
                            rating: x.rating,
                            games: x.rated_games,
                        },
                        Rated {
                            rating: y.rating,
                            games: y.rated_games,
                        },
                        score(outcome, *sw),
                    );
                    w.stats_mut(vid).rate(cw);
                    b.stats_mut(vid).rate(cb);
                    g.ratings = vec![
                        SeatRating {
                            seat: *sw,
                            change: cw,
                        },
                        SeatRating {
                            seat: *sb,
                            change: cb,
                        },
                    ];
                }
            }
            (AnyVariant::Multi(v), rated) => {
                let v = *v;
                let last = v.seats().len() as u8;
                for (s, r) in &mut people {
                    r.multi_mut(v).count(outcome.place(*s).unwrap_or(last));
                }
                if rated && people.len() >= 2 {
                    let pairs: Vec<(Rated, u8)> = people
                        .iter_mut()
                        .map(|(s, r)| {
                            let st = r.multi_mut(v);
                            (
                                Rated {
                                    rating: st.rating,
                                    games: st.rated_games,
                                },
                                outcome.place(*s).unwrap_or(last),
                            )
                        })
                        .collect();
                    let changes = multi_update(&pairs, v.seats().len());
                    for ((s, r), change) in people.iter_mut().zip(changes) {
                        r.multi_mut(v).rate(change);
                        g.ratings.push(SeatRating { seat: *s, change });
                    }
                }
            }
        }
        for (_, mut r) in people {
            let expected = stored(r.version);
            r.version = r.version.next();
            r.updated_at = now;
            ws.put(expected, AnyRecord::User(r));
        }
        Ok(())
    }

    /// A new game record (not stored), validated.
    pub(super) fn build_game(
        &self,
        id: GameId,
        new: NewGame,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        let setup = |e: SetupError| Err(ServiceError::BadSetup(e));
        let solo = new.variant.solo();
        let seats = new.variant.seat_count();
        if new.players.len() != seats {
            return setup(SetupError::SeatCount(seats));
        }
        let people = new.players.iter().filter(|p| p.user().is_some()).count();
        if solo {
            if !matches!(new.players[..], [Player::Human(_), Player::Absent]) {
                return setup(SetupError::TrainingAlone);
            }
        } else if new.players.contains(&Player::Absent) {
            return setup(SetupError::EmptySeat);
        } else if people == 0 {
            return setup(SetupError::NoPerson);
        }
        let start = match (&new.start, &new.variant) {
            (Some(t), v) => AnyGame::from_text(v, t)
                .map_err(|e| ServiceError::BadSetup(SetupError::Start(e)))?,
            (None, AnyVariant::Two(v)) if v.rules().first_player == FirstPlayer::Lot => {
                let first = if coin(id.0 ^ now.0) {
                    Color::Black
                } else {
                    Color::White
                };
                AnyGame::Two(crate::engine::Game::from_position(v.start_with(first)))
            }
            (None, v) => AnyGame::from_text(v, &v.start_text())
                .map_err(|e| ServiceError::BadSetup(SetupError::Start(e)))?,
        };
        if start.is_over() {
            return setup(SetupError::Decided);
        }
        let time_control = match new.variant.two().and_then(|v| v.id().per_move_seconds()) {
            Some(s) => TimeControl::PerMove {
                limit: Millis::secs(u64::from(s)),
            },
            None if solo => TimeControl::Untimed,
            None => new.time_control,
        };
        // Between at least two people (the program's seats give no pair, RULES §14).
        let mut distinct: Vec<UserId> = new.players.iter().filter_map(|p| p.user()).collect();
        distinct.sort_unstable();
        distinct.dedup();
        let rated = new.rated && new.variant.rated() && new.start.is_none() && distinct.len() >= 2;
        let mut g = GameRecord {
            message: new.message,
            rated,
            ..GameRecord::starting(
                id,
                new.variant,
                new.players,
                start.position_text(),
                time_control,
                new.chat,
                now,
            )
        };
        g.deadline = g.compute_deadline(&self.timing);
        Ok(g)
    }

    /// Add the write that records a new game's players in its chat (for the chat's
    /// leaderboard), if any is new there. The chat's active-game index follows the game
    /// record itself.
    pub(super) fn chat_gains(
        &self,
        g: &GameRecord,
        now: Timestamp,
        ws: &mut WriteSet,
    ) -> Result<(), ServiceError> {
        // A game in an inline message is played in no chat of the bot's.
        if g.inline.is_some() {
            return Ok(());
        }
        let mut chat = self
            .store
            .chat(g.chat)?
            .unwrap_or_else(|| ChatRecord::new(g.chat, now));
        let expected = stored(chat.version);
        let mut changed = expected.is_none();
        for u in g.players.iter().filter_map(|p| p.user()) {
            if !chat.players.contains(&u) {
                chat.players.push(u);
                changed = true;
            }
        }
        if changed {
            chat.version = chat.version.next();
            chat.updated_at = now;
            ws.put(expected, AnyRecord::Chat(chat));
        }
        Ok(())
    }

    /// Create and store a game (registered in its chat's index in the same commit).
    pub fn create_game(&self, new: NewGame, now: Timestamp) -> Result<GameRecord, ServiceError> {
        let id = self.store.new_game_id()?;
        let built = self.build_game(id, new, now)?;
        let g = self.until_committed("new game", || {
            let mut g = built.clone();
            self.pause_where_unreachable(&mut g, now)?;
            let mut ws = WriteSet::new();
            self.chat_gains(&g, now, &mut ws)?;
            ws.put(None, AnyRecord::Game(g.clone()));
            Ok(Step::Write(ws, g))
        })?;
        self.deadlines_changed.notify_one();
        Ok(g)
    }

    /// A new game with a board in a chat the bot cannot write to (a challenge by link
    /// accepted after its challenger blocked the bot) starts paused, as the games already
    /// there are (see [`GameService::chat_unreachable`]).
    pub(super) fn pause_where_unreachable(
        &self,
        g: &mut GameRecord,
        now: Timestamp,
    ) -> Result<(), ServiceError> {
        for b in g.boards() {
            if self
                .store
                .chat(b.chat)?
                .is_some_and(|c| c.unreachable.is_some())
            {
                g.paused = Some(now);
                g.deadline = g.compute_deadline(&self.timing);
                break;
            }
        }
        Ok(())
    }

    /// When the player to move in `next`, to whom a move (or a takeback) has just handed
    /// the turn, is to hear of it privately: as their private chat's settings say for this
    /// kind of game, unless they play it in that chat. Every change of turn calls it, and
    /// it replaces any notice still pending for the turn before.
    pub(super) fn plan_turn_notice(&self, next: &mut GameRecord, now: Timestamp) {
        next.turn_notice_at = None;
        let Player::Human(user) = next.player_to_move() else {
            return;
        };
        let dm = ChatId(user.0 as i64);
        if !next.is_active() || next.board_in(dm).is_some() {
            return;
        }
        // A notice is a courtesy: a private chat's record that cannot be read (damaged and
        // set aside) costs that player their notices, never the move.
        let chat = match self.store.chat(dm) {
            Ok(Some(chat)) => chat,
            Ok(None) => return,
            Err(error) => {
                tracing::warn!(%user, %error, "no turn notice: the private chat's settings");
                return;
            }
        };
        if chat.settings.notify_turns {
            let delay = chat.settings.turn_notices.get(Pace::of(&next.time_control));
            next.turn_notice_at = delay.wait().map(|w| now.plus(w));
        }
    }

    /// Play a move. Checks, in order: the actor plays in this game, the expectation
    /// (else [`ServiceError::Stale`]), the game is on, it is the actor's turn, the clock
    /// has not run out (else the game ends on time), and the engine accepts the move.
    pub fn play(
        &self,
        id: GameId,
        actor: Actor,
        expect: Expect,
        mv: &MoveInput,
        now: Timestamp,
    ) -> Result<MoveOutcome, ServiceError> {
        self.play_from(id, None, actor, expect, mv, now)
            .map(|(outcome, _)| outcome)
    }

    /// [`Self::play`] from a record and its replay that the caller has just read (a
    /// person's move is checked against both first): unless the game changed meanwhile,
    /// neither is read or replayed again. Also returns the engine game after the move
    /// while the game goes on, so that showing it needs no replay either (otherwise a
    /// move would read and replay its game three times).
    pub fn play_known(
        &self,
        known: (GameRecord, AnyGame),
        actor: Actor,
        expect: Expect,
        mv: &MoveInput,
        now: Timestamp,
    ) -> Result<(MoveOutcome, Option<AnyGame>), ServiceError> {
        let id = known.0.id;
        self.play_from(id, Some(known), actor, expect, mv, now)
    }

    pub(super) fn play_from(
        &self,
        id: GameId,
        known: Option<(GameRecord, AnyGame)>,
        actor: Actor,
        expect: Expect,
        mv: &MoveInput,
        now: Timestamp,
    ) -> Result<(MoveOutcome, Option<AnyGame>), ServiceError> {
        let (first, mut known_game) = match known {
            Some((g, game)) if g.id == id => {
                let version = g.version;
                (Some(g), Some((version, game)))
            }
            _ => (None, None),
        };
        let (game, played) = self.change_game_from(id, first, now, |cur, next| {
            let seat = cur.to_move();
            let to_move = cur.player_to_move();
            let (mine, my_turn) = match actor {
                Actor::User(u) => (cur.seat_of(u).is_some(), to_move == Player::Human(u)),
                Actor::Program => (
                    cur.players
                        .iter()
                        .any(|p| matches!(p, Player::Program { .. }))
                        || !cur.leaves.is_empty(),
                    matches!(to_move, Player::Program { .. }),
                ),
            };
            if !mine {
                return Err(ServiceError::NotYourGame);
            }
            expect.check(cur)?;
            if !cur.is_active() {
                return Err(ServiceError::GameOver);
            }
            if cur.paused.is_some() {
                return Err(ServiceError::Paused);
            }
            if !my_turn {
                if let Actor::User(u) = actor
                    && let Some(mine) = cur.seat_of(u)
                    && (cur.left().has(mine) || self.seat_finished(cur, mine))
                {
                    return Err(ServiceError::SeatDone);
                }
                return Err(ServiceError::NotYourTurn);
            }
            let no = cur.seat_no(seat).unwrap_or(0);
            if cur.clocks.flagged(&cur.time_control, no, now) {
                self.seat_out(cur, next, seat, Leave::Timeout, now)?;
                return Ok(None);
            }
            // The caller's replay serves while the game is the one it read (a lost race
            // re-reads, and the replay is then redone).
            let mut game = match known_game.take() {
                Some((version, game)) if version == cur.version => game,
                _ => self.replay(cur)?,
            };
            let played = match mv {
                MoveInput::Text(t) => game.play_text(t),
                MoveInput::Squares(s) => game.play_squares(s).map_err(MoveError::from),
                MoveInput::Pass => game.pass().map_err(MoveError::from),
            }
            .map_err(ServiceError::Illegal)?;
            apply_move(next, &game, played.clone(), no, now, false);
            self.plan_turn_notice(next, now);
            // An ended game's replay also carries its outcome: left to a replay of the
            // record.
            Ok(Some((played, seat, next.is_active().then_some(game))))
        })?;
        if let Some((_, _, Some(after))) = &played {
            // The next move's read of this game finds its replay.
            self.replays.put(game.id, game.version, after);
        }
        Ok(match played {
            Some((ply, seat, after)) => (
                MoveOutcome::Played(Moved {
                    game,
                    ply,
                    seat,
                    auto: false,
                }),
                after,
            ),
            None => (MoveOutcome::Flagged(game), None),
        })
    }

    /// Whether seat `s` of a table has finished (its pieces home): read from the replay.
    fn seat_finished(&self, g: &GameRecord, s: Seat) -> bool {
        g.is_table()
            && self
                .replay(g)
                .is_ok_and(|game| game.done().has(s) && !game.left().has(s))
    }

    /// The player of `seat` is out of `cur` (written into `next`): a two-sided game is
    /// lost (`how` gives the reason), a table plays on with the program in that seat
    /// (RULES §14 "Leaving") unless that ends it. False if the seat was out already.
    pub(super) fn seat_out(
        &self,
        cur: &GameRecord,
        next: &mut GameRecord,
        seat: Seat,
        how: Leave,
        now: Timestamp,
    ) -> Result<bool, ServiceError> {
        if !cur.is_table() {
            let Some(c) = seat.color() else {
                return Ok(false);
            };
            next.status = Status::over(Outcome::win(!c, how.reason()), now);
            return Ok(true);
        }
        let mut game = self.replay(cur)?;
        if !game.leave(seat, how) {
            return Ok(false);
        }
        next.leaves.push(SeatLeft {
            ply: cur.ply(),
            seat,
            how,
        });
        next.position = game.position_text();
        next.draw_offer = None;
        if seat == cur.to_move() {
            // The program moves for the seat at once, on a turn of its own.
            next.clocks.turn_started = now;
            next.clocks.notices = 0;
        }
        if let Some(outcome) = game.outcome() {
            next.status = Status::over(outcome, now);
        }
        self.plan_turn_notice(next, now);
        Ok(true)
    }

    /// `user` resigns: a two-sided game is lost (a training run is aborted instead: it
    /// has no opponent); at a table the player leaves, the program playing their seat on
    /// (RULES §14 "Leaving").
    pub fn resign(
        &self,
        id: GameId,
        user: UserId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.act(id, user, Paused::Allowed, now, |cur, seat, next| {
            if cur.is_solo() {
                next.status = Status::Aborted {
                    by: Some(user),
                    at: now,
                };
                return Ok(());
            }
            if !self.seat_out(cur, next, seat, Leave::Resignation, now)? {
                return Err(ServiceError::SeatDone);
            }
            Ok(())
        })
        .map(|(g, ())| g)
    }

    /// `user` claims the win when the correspondence move of the seat to move is out of
    /// time (see [`Fired::TimeUp`]): a two-sided game is lost on time; at a table that
    /// seat's player is out on time and the program plays it on.
    pub fn claim_win(
        &self,
        id: GameId,
        user: UserId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.act(id, user, Paused::Refused, now, |cur, seat, next| {
            let late = cur.to_move();
            if !cur.time_is_up() || seat == late || cur.left().has(late) {
                return Err(ServiceError::TimeNotUp);
            }
            self.seat_out(cur, next, late, Leave::Timeout, now)?;
            Ok(())
        })
        .map(|(g, ())| g)
    }

    /// `user` calls the game off; only before every seat has moved (any time in the
    /// training room). No result, no statistics.
    pub fn abort(
        &self,
        id: GameId,
        user: UserId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.act(id, user, Paused::Allowed, now, |cur, _, next| {
            let seats = cur.variant.seat_count() as u32;
            if cur.ply() >= seats && !cur.is_solo() {
                return Err(ServiceError::TooLateToAbort);
            }
            next.status = Status::Aborted {
                by: Some(user),
                at: now,
            };
            Ok(())
        })
        .map(|(g, ())| g)
    }

    /// `user` offers a draw; if the opponent's offer is pending, the game is drawn.
    pub fn offer_draw(
        &self,
        id: GameId,
        user: UserId,
        now: Timestamp,
    ) -> Result<DrawOutcome, ServiceError> {
        let (g, agreed) = self.act(id, user, Paused::Refused, now, |cur, seat, next| {
            let Some(c) = seat.color().filter(|_| cur.variant.draw_offers()) else {
                return Err(ServiceError::NoDrawOffers);
            };
            if cur.player(!c).user().is_none() {
                return Err(ServiceError::NoDrawOffers);
            }
            match cur.draw_offer {
                Some(o) if o.expires_at > now && o.by != c => {
                    next.status = Status::over(Outcome::draw(Reason::Agreement), now);
                    Ok(true)
                }
                Some(o) if o.expires_at > now => Err(ServiceError::AlreadyOffered),
                _ => {
                    next.draw_offer = Some(DrawOffer {
                        by: c,
                        expires_at: now.plus(self.timing.draw_offer_ttl),
                    });
                    Ok(false)
                }
            }
        })?;
        Ok(if agreed {
            DrawOutcome::Agreed(g)
        } else {
            DrawOutcome::Offered(g)
        })
    }

    /// `user` asks to take back their last move (with the opponent's reply, if any): in
    /// unrated games, where the chat allows it. Against a person the request holds until
    /// either side moves; the program grants it at once (the returned game has the moves
    /// taken back and no pending request).
    pub fn request_takeback(
        &self,
        id: GameId,
        user: UserId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.act(id, user, Paused::Refused, now, |cur, seat, next| {
            let allowed = self
                .store
                .chat(cur.chat)?
                .is_none_or(|chat| chat.settings.takebacks);
            let Some(c) = seat.color().filter(|_| !cur.is_table()) else {
                return Err(ServiceError::NoTakebacks);
            };
            let opponent = cur.player(!c);
            if cur.rated || opponent == Player::Absent || !allowed {
                return Err(ServiceError::NoTakebacks);
            }
            plies_to_take_back(cur, c).ok_or(ServiceError::NothingToTakeBack)?;
            if let Player::Program { .. } = opponent {
                take_back(id, cur, next, c, now)?;
                self.plan_turn_notice(next, now);
                return Ok(());
            }
            if cur
                .takeback
                .is_some_and(|o| o.by == c && o.ply == cur.ply())
            {
                return Err(ServiceError::TakebackPending);
            }
            next.takeback = Some(TakebackOffer {
                by: c,
                ply: cur.ply(),
            });
            Ok(())
        })
        .map(|(g, ())| g)
    }

    /// The opponent of the asking side accepts (the game returns to the position before
    /// the asker's last move, the turn's time starting again; only the count of takebacks
    /// records it) or declines.
    pub fn answer_takeback(
        &self,
        id: GameId,
        user: UserId,
        accept: bool,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.act(id, user, Paused::Refused, now, |cur, seat, next| {
            let c = seat.color().ok_or(ServiceError::NoTakebackRequest)?;
            let asker = match cur.takeback {
                Some(o) if o.by != c && o.ply == cur.ply() => o.by,
                _ => return Err(ServiceError::NoTakebackRequest),
            };
            next.takeback = None;
            if !accept {
                return Ok(());
            }
            // The asker has the move again, perhaps hours after asking.
            take_back(id, cur, next, asker, now)?;
            self.plan_turn_notice(next, now);
            Ok(())
        })
        .map(|(g, ())| g)
    }

    /// The opponent of the offering side accepts (drawn by agreement) or declines.
    pub fn answer_draw(
        &self,
        id: GameId,
        user: UserId,
        accept: bool,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.act(id, user, Paused::Refused, now, |cur, seat, next| {
            let c = seat.color().ok_or(ServiceError::NoDrawOffer)?;
            match cur.draw_offer {
                Some(o) if o.by != c && o.expires_at > now => {}
                _ => return Err(ServiceError::NoDrawOffer),
            }
            next.draw_offer = None;
            if accept {
                next.status = Status::over(Outcome::draw(Reason::Agreement), now);
            }
            Ok(())
        })
        .map(|(g, ())| g)
    }

    /// Record that the game's board in `chat` (the main one or its mirror) now lives in
    /// `message`; a chat the game is not shown in is refused.
    pub fn set_board_message_in(
        &self,
        id: GameId,
        chat: ChatId,
        message: MessageId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.change_game(id, now, |cur, next| {
            if cur.chat == chat {
                next.message = Some(message);
            } else if let Some(m) = next.mirror.as_mut().filter(|m| m.chat == chat) {
                m.message = Some(message);
            } else {
                return Err(ServiceError::NotInChat);
            }
            Ok(())
        })
        .map(|(g, ())| g)
    }

    /// The board that shows the turn at `ply` reaches the players only at `shown` (it
    /// waits, or waited, for Telegram's rate limits; `shown` may be later than `now`): that
    /// turn's clock or per-move limit starts then, so pacing costs the player to move no
    /// time. Nothing changes (`None`) when the game has moved on or ended, is untimed, the
    /// program is to move, the board comes sooner than [`LATE_BOARD`] after the turn's
    /// start, the turn has already run out at `now` (an overdue deadline stays the
    /// timer's to apply), the game is paused, or the players have already been shown the
    /// turn on boards since posted anew ([`GameRecord::turn_seen`]).
    pub fn turn_shown(
        &self,
        id: GameId,
        ply: u32,
        shown: Timestamp,
        now: Timestamp,
    ) -> Result<Option<GameRecord>, ServiceError> {
        let late = |g: &GameRecord| {
            g.is_active()
                && g.ply() == ply
                && matches!(g.player_to_move(), Player::Human(_))
                && matches!(
                    g.time_control,
                    TimeControl::Clock { .. } | TimeControl::PerMove { .. }
                )
                && shown.since(g.clocks.turn_started) >= LATE_BOARD
                && g.deadline.is_none_or(|d| d.at > now)
                && g.paused.is_none()
                && g.turn_seen != Some(ply)
        };
        if !late(&self.game(id)?) {
            return Ok(None);
        }
        let r = self.change_game(id, now, |cur, next| {
            if !late(cur) {
                return Err(ServiceError::Stale {
                    ply: cur.ply(),
                    version: cur.version,
                });
            }
            next.clocks.turn_started = shown;
            Ok(())
        });
        match r {
            Ok((g, ())) => Ok(Some(g)),
            Err(ServiceError::Stale { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// Write a played ply into `next`: the ply, position, clocks of seat number `no`, the end
/// if it ended the game; any draw offer lapses with the move.
pub(super) fn apply_move(
    next: &mut GameRecord,
    game: &AnyGame,
    ply: Ply,
    no: usize,
    now: Timestamp,
    auto: bool,
) {
    next.moves.push(ply);
    next.position = game.position_text();
    next.clocks.on_move(&next.time_control, no, now, auto);
    next.draw_offer = None;
    next.takeback = None;
    if let Some(outcome) = game.outcome() {
        next.status = Status::over(outcome, now);
    }
}

/// How many plies `side` taking back its last move removes: that move, and the
/// opponent's reply if there is one (`None`: it has not moved).
/// Return `cur` to before `asker`'s last move (and the reply to it) in `next`: the turn's
/// time starts again, and only the count of takebacks records it.
fn take_back(
    id: GameId,
    cur: &GameRecord,
    next: &mut GameRecord,
    asker: Color,
    now: Timestamp,
) -> Result<(), ServiceError> {
    let back = plies_to_take_back(cur, asker).ok_or(ServiceError::NothingToTakeBack)?;
    next.moves.truncate(cur.moves.len() - back);
    let game = next
        .play_through()
        .map_err(|error| ServiceError::Damaged { id, error })?;
    next.position = game.position_text();
    next.takeback = None;
    next.clocks.turn_started = now;
    next.clocks.missed = [0; 4];
    next.clocks.notices = 0;
    next.draw_offer = None;
    next.takebacks = cur.takebacks.saturating_add(1);
    Ok(())
}

fn plies_to_take_back(g: &GameRecord, side: Color) -> Option<usize> {
    let n = g.moves.len();
    match g.side_to_move() == side {
        false if n >= 1 => Some(1),
        true if n >= 2 => Some(2),
        _ => None,
    }
}

/// `user`'s colour in `g`, a game still in play (else why not).
/// A paused game (its chat closed to the bot) takes no offers, takebacks or claims: they
/// would change its clocks or end it on time while one player cannot see it. Resigning
/// and aborting stay open.
/// Whether an action may be taken while the game is paused (resigning and aborting may:
/// they end it).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Paused {
    Allowed,
    Refused,
}

fn unpaused(g: &GameRecord) -> Result<(), ServiceError> {
    match g.paused {
        Some(_) => Err(ServiceError::Paused),
        None => Ok(()),
    }
}

fn playing(g: &GameRecord, user: UserId) -> Result<Seat, ServiceError> {
    let s = g.seat_of(user).ok_or(ServiceError::NotYourGame)?;
    if !g.is_active() {
        return Err(ServiceError::GameOver);
    }
    Ok(s)
}
