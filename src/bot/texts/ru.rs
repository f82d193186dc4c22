//! Russian texts, in the terms of the Russian rule texts (шашка, ход, дом, ничья, прыжок).

use super::analysis::{AnalysisTexts, AnalysisView, WorstMove, class_mark, move_number, side_mark};
use super::tables::{SeatLine, TableTexts, TableView, seat_mark};
use super::tournament::{EntryView, ListLine, PairLine, Stage};
use super::{
    BoardPlace, GameLine, HistoryRow, Opponent, ResultContext, StatsView, Texts, TopRow, TopScope,
};
use crate::engine::multi::{Leave, MultiVariant, Seat};
use crate::engine::{Color, IllegalMove, InputError, Outcome, Reason, VariantId};
use crate::game::GameId;
use crate::game::standings::PlayerResult;
use crate::game::tournament::{Format, GameResult, TieBreak};
use crate::game::{BlunderReason, MoveClass};
use crate::game::{LobbyRefusal, MultiStats, SetupError};
use crate::game::{NoticeDelay, Pace, TimeControl, TournamentRefusal, TurnNotices};

/// Russian.
pub struct Ru;

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "Белые",
        Color::Black => "Чёрные",
    }
}

/// Genitive-free plural of «ход» for a count: 1 ход, 2 хода, 5 ходов.
fn hodov(n: u64) -> &'static str {
    let (d, h) = (n % 10, n % 100);
    if d == 1 && h != 11 {
        "ход"
    } else if (2..=4).contains(&d) && !(12..=14).contains(&h) {
        "хода"
    } else {
        "ходов"
    }
}

impl Texts for Ru {
    #[cfg(test)]
    fn lang(&self) -> crate::game::Language {
        crate::game::Language::Ru
    }

    fn welcome_private(&self, name: &str) -> String {
        format!(
            "Привет, {name}! Это <b>уголки</b>: переведите все свои шашки в дом соперника \
             раньше него. Шашка ходит на соседнюю пустую клетку или прыгает через любую шашку, \
             и прыжки можно продолжать цепочкой.\n\n\
             /play — партия со мной\n/train — тренировочный зал\n/rules — правила\n\
             Добавьте меня в группу, чтобы играть с друзьями: там /new открывает вызов."
        )
    }

    fn welcome_group(&self) -> String {
        "Уголки здесь! /new — вызов, который может принять любой, /challenge @user — вызов \
         одному игроку. Ходы: нажимайте на доску, отвечайте на неё ходом вроде c3-e5 или \
         пишите /m c3-e5."
            .into()
    }

    fn help(&self) -> String {
        let mut s = String::from("<b>Бот для игры в уголки</b>\n\n");
        for (c, d) in self.command_list() {
            s.push_str(&format!("/{c} — {d}\n"));
        }
        s.push_str(
            "\n<b>Ходы</b>: нажмите на шашку, затем на отмеченную клетку; или напишите путь: \
             <code>c3-e3-e5</code> или просто <code>c3-e5</code> (будет сыграна самая короткая \
             цепочка). В группе отвечайте на сообщение с доской или пишите <code>/m c3-e5</code>.",
        );
        s
    }

    fn command_list(&self) -> Vec<(&'static str, String)> {
        vec![
            (
                "play",
                "партия с программой: /play [вариант] [уровень 1-5]".into(),
            ),
            (
                "new",
                "вызов в группе: /new [вариант] [время, напр. 5+3]".into(),
            ),
            (
                "challenge",
                "вызвать игрока: /challenge @user [вариант] [время]".into(),
            ),
            (
                "games",
                "партии в игре: ваши (в группе: этой группы)".into(),
            ),
            ("m", "сделать ход: /m c3-e5".into()),
            ("board", "показать доску заново внизу чата".into()),
            ("resign", "сдаться".into()),
            ("draw", "предложить ничью".into()),
            ("abort", "отменить партию, пока оба не сделали ход".into()),
            (
                "takeback",
                "попросить вернуть свой ход (товарищеские партии)".into(),
            ),
            (
                "train",
                "тренировочный зал: /train [classic|diagonal]".into(),
            ),
            ("rules", "правила: /rules [вариант]".into()),
            ("variants", "все варианты".into()),
            ("stats", "статистика и рейтинг: /stats [@user]".into()),
            ("top", "таблица лидеров: /top [вариант]".into()),
            (
                "history",
                "ваши последние партии с записями и повторами".into(),
            ),
            (
                "export",
                "запись и повтор законченной партии: ответьте на её доску".into(),
            ),
            (
                "analyze",
                "разбор законченной партии: ошибки и лучшие ходы: /analyze [партия]".into(),
            ),
            (
                "settings",
                "настройки чата: вариант, время, язык, доска".into(),
            ),
            ("lang", "язык: /lang ru|en".into()),
            (
                "tournament",
                "открыть турнир (администраторы): /tournament swiss 5 [вариант] [время]".into(),
            ),
            ("tournaments", "турниры этой группы".into()),
            ("help", "эта справка".into()),
        ]
    }

    fn rules(&self, v: VariantId) -> String {
        let r = v.rules();
        let mut s = format!("<b>{}</b>\n", self.variant_name(v));
        let moves = match r.directions {
            crate::engine::Directions::Orthogonal => "по вертикали и горизонтали",
            crate::engine::Directions::All => "в любом из восьми направлений, включая диагонали",
        };
        s.push_str(&format!(
            "Доска {b}, у каждого {p} шашек в своём углу (доме). Ход — шаг на соседнюю пустую \
             клетку или цепочка прыжков через одну шашку (свою или чужую) на пустую клетку сразу \
             за ней, {moves}. Цепочку можно остановить после любого прыжка; дважды на одну \
             клетку вставать нельзя; никого не бьют.\n",
            b = r.board,
            p = r.pieces()
        ));
        if r.solo {
            s.push_str(
                "Вы играете один: переведите все шашки в противоположный угол за как можно \
                 меньшее число ходов и сравните результат с оптимальным.",
            );
            return s;
        }
        s.push_str("Цель — занять своими шашками все клетки дома соперника.\n");
        if r.black_last_move {
            s.push_str(
                "Белые ходят первыми, поэтому последний ход за чёрными: если они тоже займут \
                 дом этим ходом — ничья.\n",
            );
        } else {
            s.push_str("Кто первым занял дом соперника, тот сразу выиграл.\n");
        }
        if let Some(d) = r.exit_deadline {
            s.push_str(&format!(
                "Все шашки нужно вывести из своего дома за {d} {} (проверка после {d}-го хода \
                 чёрных); после этого ход в свой дом проигрывает.\n",
                hodov(d as u64)
            ));
        }
        if let Some(l) = r.move_limit {
            let how = match r.limit_rule {
                crate::engine::LimitRule::PiecesInTarget => {
                    "побеждает тот, у кого больше шашек в доме соперника"
                }
                crate::engine::LimitRule::Tempo => {
                    "побеждает тот, у кого меньше число темпов (оставшийся путь)"
                }
            };
            s.push_str(&format!("После {l}-го хода партия заканчивается: {how}.\n"));
        }
        if r.no_locking {
            s.push_str("Запрещено запирать шашку соперника так, что она не может ни шагнуть, ни прыгнуть.\n");
        }
        if r.mirror_limit.is_some() {
            s.push_str("Чёрные могут зеркально повторить не больше 10 из первых 12 ходов белых.\n");
        }
        match r.repetition {
            crate::engine::Repetition::None => {}
            _ => s.push_str("Позиция, повторившаяся три раза, — ничья.\n"),
        }
        if v == VariantId::Duelio {
            s.push_str("Кто начинает, решает жребий; минута на ход, пропущенный ход делает программа, второй пропуск подряд — поражение.\n");
        }
        s
    }

    fn variants(&self) -> String {
        let mut s = String::from("<b>Варианты</b>\n");
        for v in VariantId::ALL {
            s.push_str(&format!(
                "<code>{}</code> — {}{}\n",
                v.id(),
                self.variant_name(v),
                if v.rated() {
                    " (рейтинговый)"
                } else {
                    ""
                }
            ));
        }
        s.push_str("\n/rules &lt;вариант&gt; — правила одного из них.");
        s
    }

    fn variant_name(&self, v: VariantId) -> String {
        match v {
            VariantId::Classic => "Классика 3×3",
            VariantId::Classic3x4 => "Классика 3×4",
            VariantId::Diagonal => "С диагональю 3×3",
            VariantId::Diagonal3x4 => "С диагональю 3×4",
            VariantId::Triangle => "Треугольник",
            VariantId::Square4 => "Дом 4×4",
            VariantId::Gambiter => "Гамбитер",
            VariantId::Halma10 => "Хальма 10×10",
            VariantId::Halma16 => "Хальма 16×16",
            VariantId::Duelio => "Duelio",
            VariantId::Training => "Тренировочный зал",
        }
        .into()
    }

    fn time_control(&self, tc: &TimeControl) -> String {
        match tc {
            TimeControl::Untimed => "без часов".into(),
            TimeControl::Clock { base, increment } => {
                format!("{}+{}", base.0 / 60_000, increment.0 / 1000)
            }
            TimeControl::PerMove { limit } => format!("{} с на ход", limit.0 / 1000),
            TimeControl::Days { days } => format!("{days} дн. на ход"),
        }
    }

    fn language_set(&self) -> String {
        "Язык: русский.".into()
    }

    fn choose_language(&self) -> String {
        "Выберите язык:".into()
    }

    fn btn_play_program(&self) -> String {
        "🤖 Играть с программой".into()
    }
    fn btn_training(&self) -> String {
        "🎯 Тренировочный зал".into()
    }
    fn btn_white(&self) -> String {
        "⚪ Белые".into()
    }
    fn btn_black(&self) -> String {
        "⚫ Чёрные".into()
    }
    fn btn_random(&self) -> String {
        "🎲 Случайно".into()
    }
    fn btn_accept(&self) -> String {
        "✅ Принять".into()
    }
    fn btn_decline(&self) -> String {
        "✖ Отклонить".into()
    }
    fn btn_withdraw(&self) -> String {
        "✖ Отозвать".into()
    }
    fn btn_play_anyway(&self) -> String {
        "⚠ Сыграть (я проиграю)".into()
    }
    fn btn_cancel(&self) -> String {
        "↩ Отмена".into()
    }
    fn btn_resign_yes(&self) -> String {
        "🏳 Да, сдаюсь".into()
    }
    fn btn_keep_playing(&self) -> String {
        "↩ Играть дальше".into()
    }
    fn btn_open_board(&self) -> String {
        "♟ Открыть доску".into()
    }
    fn btn_my_games(&self) -> String {
        "Мои партии".into()
    }
    fn btn_rematch(&self) -> String {
        "🔁 Реванш".into()
    }
    fn btn_record(&self) -> String {
        "📄 Запись".into()
    }
    fn btn_replay(&self) -> String {
        "🎞 Повтор".into()
    }
    fn due_by(&self, when: &str, left: &str) -> String {
        format!("Ход до {when} (осталось {left})")
    }
    fn when(&self, ms: u64) -> String {
        const MONTHS: [&str; 12] = [
            "янв", "фев", "мар", "апр", "мая", "июн", "июл", "авг", "сен", "окт", "ноя", "дек",
        ];
        let (_, m, d, hh, mm) = super::civil(ms);
        format!("{d} {} {hh:02}:{mm:02} UTC", MONTHS[(m - 1) as usize])
    }
    fn left(&self, ms: u64) -> String {
        match super::span(ms) {
            (0, 0, m) => format!("{m} мин"),
            (0, h, m) => format!("{h} ч {m} мин"),
            (d, h, _) => format!("{d} д {h} ч"),
        }
    }
    fn days_notice(
        &self,
        opponent: &str,
        variant: &str,
        left: &str,
        when: &str,
        place: &BoardPlace,
    ) -> String {
        format!(
            "⏳ Ваш ход в партии с {opponent} ({variant}): осталось {left}, до {when}. {}",
            self.board_at(place)
        )
    }
    fn days_line(&self, who: &str, left: &str, when: &str) -> String {
        format!("⏳ {who}, на ход осталось {left} (до {when}).")
    }
    fn time_up(&self, late: &str, opponent: &str) -> String {
        format!(
            "⌛ У {late} кончилось время на ход. {opponent}, засчитать победу или подождать хода?"
        )
    }
    fn kept_waiting(&self, who: &str, late: &str) -> String {
        format!("⏳ {who} ждёт хода {late}; засчитать победу можно, пока хода нет.")
    }
    fn btn_claim_win(&self) -> String {
        "🏆 Засчитать победу".into()
    }
    fn btn_keep_waiting(&self) -> String {
        "⏳ Подождать".into()
    }
    fn time_not_up(&self) -> String {
        "Время соперника ещё не вышло.".into()
    }
    fn claim_own_time(&self) -> String {
        "Время вышло у вас самих: эти кнопки — для соперника. Сделайте ход, и партия \
         продолжится."
            .into()
    }
    fn btn_resign(&self) -> String {
        "🏳 Сдаться".into()
    }
    fn btn_offer_draw(&self) -> String {
        "🤝 Предложить ничью".into()
    }
    fn btn_abort(&self) -> String {
        "✖ Отменить партию".into()
    }
    fn btn_accept_draw(&self) -> String {
        "🤝 Согласиться на ничью".into()
    }
    fn btn_decline_draw(&self) -> String {
        "✖ Отклонить ничью".into()
    }
    fn btn_challenge_friend(&self) -> String {
        "⚔ Вызвать друга".into()
    }
    fn inline_result_title(&self, v: &str, tc: &str) -> String {
        format!("{v}, {tc}")
    }
    fn inline_result_for(&self, to: Option<&str>) -> String {
        match to {
            Some(to) => format!("Вызов для {to}"),
            None => "Играет первый, кто нажмёт «Принять»".into(),
        }
    }
    fn inline_challenge(&self, from: &str, to: Option<&str>, v: &str, tc: &str) -> String {
        match to {
            Some(to) => format!("{from} вызывает {to} на партию в уголки: <b>{v}</b> ({tc})."),
            None => format!("{from} хочет сыграть в уголки: <b>{v}</b> ({tc}). Кто примет вызов?"),
        }
    }
    fn inline_no_pictures(&self) -> String {
        "<i>Кнопки — это доска: нажмите на шашку, затем на поле, куда она пойдёт.</i>".into()
    }
    fn inline_nothing_found(&self) -> String {
        "Такой игры нет: попробуйте classic, diagonal, 5+3, 60s".into()
    }
    fn level_label(&self, level: u8) -> String {
        match level {
            1 => "1 · новичок".into(),
            2 => "2 · легко".into(),
            3 => "3 · средне".into(),
            4 => "4 · сильно".into(),
            _ => "5 · сильнейший".into(),
        }
    }

    fn choose_colour(&self, v: VariantId) -> String {
        format!("{}: выберите цвет.", self.variant_name(v))
    }

    fn choose_level(&self, v: VariantId, colour: &str) -> String {
        format!(
            "{}, вы играете: {colour}. Выберите мой уровень:",
            self.variant_name(v)
        )
    }

    fn private_only(&self, bot_username: &str) -> String {
        format!("Это работает в личном чате со мной: @{bot_username}")
    }

    fn group_only(&self) -> String {
        "Это работает в группе. Здесь /play начинает партию со мной.".into()
    }

    fn open_challenge(&self, from: &str, v: &str, tc: &str) -> String {
        format!("{from} хочет сыграть в <b>{v}</b> ({tc}). Принять вызов может любой.")
    }

    fn targeted_challenge(&self, from: &str, to: &str, v: &str, tc: &str) -> String {
        format!("{from} вызывает {to} на партию: <b>{v}</b> ({tc}).")
    }

    fn challenge_link(&self, v: &str, tc: &str, link: &str) -> String {
        format!("Отправьте эту ссылку другу, чтобы сыграть с ним в <b>{v}</b> ({tc}):\n{link}")
    }

    fn link_challenge(&self, from: &str, v: &str, tc: &str) -> String {
        format!("{from} приглашает вас сыграть в <b>{v}</b> ({tc}).")
    }

    fn challenge_accepted(&self, from: &str, by: &str) -> String {
        format!("{by} принял(а) вызов {from}. Доска ниже.")
    }

    fn challenge_declined(&self, from: &str, by: &str) -> String {
        format!("{by} отклонил(а) вызов {from}.")
    }

    fn challenge_withdrawn(&self, from: &str) -> String {
        format!("{from} отозвал(а) вызов.")
    }

    fn challenge_expired(&self, from: &str) -> String {
        format!("Вызов {from} истёк: никто не принял его вовремя.")
    }

    fn challenge_usage(&self) -> String {
        "Кого вызвать? Ответьте на сообщение игрока командой /challenge или напишите /challenge @username."
            .into()
    }

    fn not_for_you(&self) -> String {
        "Этот вызов адресован не вам.".into()
    }

    fn own_challenge(&self) -> String {
        "Нельзя принять собственный вызов.".into()
    }

    fn challenge_closed(&self) -> String {
        "Этот вызов уже закрыт.".into()
    }

    fn bad_link(&self) -> String {
        "Эта ссылка на вызов больше не действует: ею уже воспользовались, вызов отозван или истёк. Попросите у друга новую.".into()
    }

    fn btn_share(&self) -> String {
        "📤 Поделиться".into()
    }

    fn share_text(&self, v: &str, tc: &str) -> String {
        format!("Сыграем в уголки: {v} ({tc})")
    }

    fn no_games(&self, private: bool) -> String {
        if private {
            "У вас нет партий в игре. /play — партия со мной.".into()
        } else {
            "Здесь сейчас не играют. /new — открыть вызов.".into()
        }
    }

    fn games(&self, lines: &[String], more: usize) -> String {
        let mut s = format!("<b>Партии в игре</b>\n\n{}", lines.join("\n\n"));
        if more > 0 {
            s.push_str(&format!("\n\n…и ещё {more}."));
        }
        s
    }

    fn game_line(&self, l: &GameLine) -> String {
        let players = match (l.solo, l.players.first()) {
            (true, Some((_, p))) => format!("🎯 {p}"),
            _ => l
                .players
                .iter()
                .map(|(s, p)| format!("{} {p}", seat_mark(*s)))
                .collect::<Vec<_>>()
                .join(" — "),
        };
        let mut turn = if l.lobby {
            "🎲 идёт набор игроков".to_string()
        } else if l.asker_to_move {
            "👉 ваш ход".to_string()
        } else {
            format!("ходит {}", l.to_move)
        };
        if l.paused {
            turn = format!("⏸ {}\n{turn}", self.paused());
        }
        let left = l
            .left
            .as_ref()
            .map_or(String::new(), |t| format!(" · ⏱ осталось {t}"));
        let place = match &l.place {
            BoardPlace::Here => "доска в этом чате".to_string(),
            BoardPlace::Link(url) => format!("<a href=\"{url}\">к доске</a>"),
            BoardPlace::Private => "в личном чате со мной".into(),
            BoardPlace::Group => "в группе".into(),
            BoardPlace::Inline => "в сообщении, отправленном через бота".into(),
        };
        format!(
            "{players}\n{} · {}\n{turn}{left} · {place}",
            l.variant,
            self.time_control(&l.time_control)
        )
    }

    fn house_rules(&self) -> String {
        " (свои правила)".into()
    }

    fn last_move(&self, m: &str) -> String {
        format!("Последний ход: {m}")
    }

    fn moves_made(&self, n: u16) -> String {
        format!("сделано ходов: {n}")
    }

    fn move_number(&self, n: u16) -> String {
        format!("ход {n}")
    }

    fn to_move(&self, white: bool, who: &str) -> String {
        let side = if white { "белых" } else { "чёрных" };
        format!("Ход {side}: {who}")
    }

    fn exit_check(&self, d: u16, left: u16) -> String {
        let moves = hodov(left as u64);
        format!("Проверка вывода из дома после {d}-го хода: осталось {left} {moves}")
    }

    fn move_limit(&self, l: u16) -> String {
        format!("Предел партии: {l} {}", hodov(l as u64))
    }

    fn per_move(&self, secs: u64) -> String {
        format!("{secs} с на ход")
    }

    fn draw_offer_by(&self, by: &str) -> String {
        format!("{by} предлагает ничью")
    }

    fn paused(&self) -> String {
        "партия на паузе: я больше не могу писать в один из её чатов (меня удалили или \
         заблокировали). Она продолжится с того же места, когда я снова смогу."
            .into()
    }

    fn result(&self, o: Outcome, ctx: &ResultContext) -> String {
        if ctx.solo {
            return match o.reason {
                Reason::Goal => {
                    format!("Готово за {} {}!", ctx.moves, hodov(ctx.moves as u64))
                }
                Reason::Resignation => "Тренировка прервана.".into(),
                _ => "Тренировка окончена.".into(),
            };
        }
        let head = match o.result.winner() {
            Some(Color::White) => "Победа белых".to_string(),
            Some(Color::Black) => "Победа чёрных".to_string(),
            None => "Ничья".into(),
        };
        let loser = o.result.winner().map(|c| side(!c)).unwrap_or("");
        let winner = o.result.winner().map(side).unwrap_or("");
        let d = ctx.deadline.unwrap_or(0);
        let l = ctx.move_limit.unwrap_or(0);
        let why = match o.reason {
            Reason::Goal => format!("{winner} заняли дом соперника"),
            Reason::GoalBoth => "оба заняли дом соперника за одинаковое число ходов".into(),
            Reason::ExitDeadline => match o.result.winner() {
                Some(_) => format!(
                    "{loser} не вывели все шашки из дома за {d} {}",
                    hodov(d as u64)
                ),
                None => format!("оба не вывели все шашки из дома за {d} {}", hodov(d as u64)),
            },
            Reason::ReturnHome => format!("{loser} вернули шашку в свой дом после {d}-го хода"),
            Reason::MoveLimit => {
                let how = if ctx.by_tempo {
                    "по числу темпов"
                } else {
                    "по числу шашек в доме соперника"
                };
                format!("сыгран {l}-й ход, итог подведён {how}")
            }
            Reason::NoMoves => "у стороны, чей ход, нет ни одного хода".into(),
            Reason::Repetition => "позиция повторилась три раза".into(),
            Reason::Timeout => format!(
                "у {} кончилось время",
                if loser == "Белые" {
                    "белых"
                } else {
                    "чёрных"
                }
            ),
            Reason::Resignation => format!("{loser} сдались"),
            Reason::Agreement => "по соглашению".into(),
            Reason::Abandoned => format!("{loser} покинули партию"),
        };
        format!("{head}: {why}.")
    }

    fn rating_line(&self, name: &str, before: i32, after: i32) -> String {
        format!("{name}: {before} → {after} ({:+})", after - before)
    }

    fn board_moved(&self) -> String {
        "Доска перенесена вниз ↓".into()
    }

    fn auto_moved(&self, who: &str, path: &str) -> String {
        format!(
            "⏱ {who} не успел(а) сходить: программа сыграла {path}. Второй пропуск подряд — поражение."
        )
    }

    fn clock_reminder(&self, who: &str, secs: u64) -> String {
        format!("⏱ {who}, на ваших часах осталось {secs} с!")
    }

    fn abandon_warning(&self, who: &str, hours: u64) -> String {
        format!(
            "⏳ {who}, в партии давно не было ходов: если не сходить в течение {hours} ч, партия будет считаться покинутой."
        )
    }

    fn confirm_return_home(&self, path: &str, deadline: u16) -> String {
        format!(
            "⚠ Ход {path} возвращает шашку в ваш дом после {deadline}-го хода: это сразу проигрыш. Всё равно сыграть?"
        )
    }

    fn confirm_resign(&self) -> String {
        "Сдаться в этой партии?".into()
    }

    fn draw_offered(&self, who: &str) -> String {
        format!("🤝 {who} предлагает ничью.")
    }

    fn draw_declined(&self, who: &str) -> String {
        format!("{who} отклонил(а) ничью.")
    }

    fn takeback_requested(&self, who: &str) -> String {
        format!("↩ {who} просит вернуть свой последний ход.")
    }

    fn takeback_accepted(&self, who: &str) -> String {
        format!("↩ {who} согласен(на): ход возвращён.")
    }

    fn takeback_declined(&self, who: &str) -> String {
        format!("{who} не разрешил(а) вернуть ход.")
    }

    fn no_takebacks(&self) -> String {
        "Вернуть ход можно только в товарищеской партии двух игроков (откройте её: /new classic casual), если это разрешено в /settings чата.".into()
    }

    fn nothing_to_take_back(&self) -> String {
        "Вы ещё не ходили: возвращать нечего.".into()
    }

    fn no_takeback_request(&self) -> String {
        "Нет просьбы вернуть ход (после хода она снимается).".into()
    }

    fn takeback_pending(&self) -> String {
        "Ваша просьба вернуть ход ещё ждёт ответа.".into()
    }

    fn takebacks_setting(&self, on: bool) -> String {
        if on {
            "↩ Возврат хода можно".into()
        } else {
            "Без возврата хода".into()
        }
    }

    fn casual(&self) -> String {
        "товарищеская".into()
    }

    fn turn_notice(&self, opponent: &str, variant: &str, place: &BoardPlace) -> String {
        format!(
            "🔔 Ваш ход в партии с {opponent} ({variant}). {}",
            self.board_at(place)
        )
    }

    fn board_at(&self, place: &BoardPlace) -> String {
        match place {
            BoardPlace::Link(url) => format!("<a href=\"{url}\">К доске</a>"),
            BoardPlace::Here => "Доска здесь.".into(),
            BoardPlace::Private => "Доска в личном чате со мной.".into(),
            BoardPlace::Group => "Доска в вашей группе.".into(),
            BoardPlace::Inline => "Доска в чате, куда был отправлен вызов.".into(),
        }
    }

    fn notify_setting(&self, on: bool) -> String {
        if on {
            "🔔 Сообщать о моём ходе".into()
        } else {
            "🔕 Не сообщать".into()
        }
    }

    fn notice_delay_button(&self, pace: Pace, d: NoticeDelay) -> String {
        let icon = match pace {
            Pace::Slow => "⏳",
            Pace::Clock => "⏱",
        };
        let when = match d {
            NoticeDelay::Never => "никогда".into(),
            NoticeDelay::After { minutes: 0 } => "сразу".into(),
            NoticeDelay::After { minutes } => minutes_ru(minutes),
        };
        format!("{icon} {when}")
    }

    fn notice_delays(&self, n: &TurnNotices) -> String {
        let when = |d: NoticeDelay| match d {
            NoticeDelay::Never => "никогда".to_string(),
            NoticeDelay::After { minutes: 0 } => "сразу".into(),
            NoticeDelay::After { minutes } => format!("через {}", minutes_ru(minutes)),
        };
        format!(
            "🔔 Ваш ход в партии в другом чате, если вы в неё не заглядывали:\n\
             ⏳ без часов или дни на ход: {}\n\
             ⏱ на часах: {}",
            when(n.slow),
            when(n.clock)
        )
    }

    fn draw_expired(&self) -> String {
        "Предложение ничьей истекло.".into()
    }

    fn training_done(&self, moves: u16, optimum: Option<u16>) -> String {
        match optimum {
            Some(o) if moves < o => format!(
                "🏆 Готово за {moves} {}: лучше лучшей известной мне линии ({o} {})!",
                hodov(moves as u64),
                hodov(o as u64)
            ),
            Some(o) if moves == o => {
                format!("🏆 Готово за {moves} {}: это оптимум!", hodov(moves as u64))
            }
            Some(o) => format!(
                "Готово за {moves} {}. Оптимум — {o}: можно на {} быстрее. Лучшая линия ниже.",
                hodov(moves as u64),
                moves - o
            ),
            None => format!("Готово за {moves} {}.", hodov(moves as u64)),
        }
    }

    fn training_optimal_line(&self, optimum: u16) -> String {
        format!("Оптимальная линия: {optimum} {}.", hodov(optimum as u64))
    }

    fn not_your_game(&self) -> String {
        "Это не ваша партия.".into()
    }
    fn not_your_turn(&self) -> String {
        "Сейчас не ваш ход.".into()
    }
    fn stale_button(&self) -> String {
        "Эта доска устарела; вот текущая.".into()
    }
    fn bad_button(&self) -> String {
        "Эта кнопка недействительна.".into()
    }
    fn game_over(&self) -> String {
        "Партия окончена.".into()
    }
    fn no_active_game(&self) -> String {
        "Здесь нет вашей партии. /play — партия со мной; в группе — /new.".into()
    }
    fn several_games(&self) -> String {
        "У вас здесь несколько партий: ответьте на сообщение с доской нужной.".into()
    }
    fn try_again(&self) -> String {
        "Не удалось сохранить. Ничего не потеряно, попробуйте ещё раз.".into()
    }
    fn damaged_game(&self) -> String {
        "Запись этой партии повреждена и отложена; оператор уведомлён.".into()
    }
    fn setup_error(&self, e: &SetupError) -> String {
        match e {
            SetupError::OwnChallenge => "Нельзя вызвать на партию самого себя.".into(),
            SetupError::TrainingAlone => "В тренировке играет один человек.".into(),
            SetupError::EmptySeat => "За каждым местом должен быть игрок.".into(),
            SetupError::NoPerson => "Хотя бы один игрок должен быть человеком.".into(),
            SetupError::SeatCount(n) => format!("В этом варианте {n} места."),
            SetupError::Start(e) => format!("Эта начальная позиция не подходит: {e}."),
            SetupError::Decided => "Эта позиция уже решена.".into(),
            SetupError::EmptyUsername => "Назовите, кого вызываете, например @ann.".into(),
            SetupError::NoLobby => {
                "Набор игроков бывает только для партий на троих-четверых.".into()
            }
        }
    }
    fn admins_only(&self) -> String {
        "Менять настройки группы могут только её администраторы.".into()
    }
    fn anonymous_admin(&self) -> String {
        "Вы пишете от имени группы (анонимный администратор): так работают /settings и /lang. Чтобы играть, отправьте команду от своего имени.".into()
    }
    fn too_late_to_abort(&self) -> String {
        "Оба уже сходили: отменить партию нельзя (можно /resign).".into()
    }
    fn aborted(&self, by: &str) -> String {
        format!("Партия отменена: {by}.")
    }
    fn no_draw_offers(&self) -> String {
        "В этой партии ничью предложить нельзя.".into()
    }
    fn no_draw_offer(&self) -> String {
        "Нет предложения ничьей.".into()
    }
    fn already_offered(&self) -> String {
        "Ваше предложение ничьей ещё в силе.".into()
    }

    fn illegal(&self, e: &IllegalMove) -> String {
        match e {
            IllegalMove::GameOver => "Партия окончена.".into(),
            IllegalMove::NoSquares => "Напишите ход, например c3-e5.".into(),
            IllegalMove::OffBoard { square, board } => {
                format!("Клетки {square} нет на доске {board}.")
            }
            IllegalMove::NoPiece(s) => format!("На {s} нет шашки."),
            IllegalMove::NotYourPiece(s) => format!("Шашка на {s} не ваша."),
            IllegalMove::SameSquare(s) => format!("Шашка должна уйти с {s}."),
            IllegalMove::Occupied(s) => format!("Клетка {s} занята."),
            IllegalMove::Unreachable { from, to } => format!("С {from} нельзя попасть на {to}."),
            IllegalMove::NotAJump { from, to } => {
                format!("{from}-{to} — не прыжок: прыгают через одну шашку на клетку сразу за ней.")
            }
            IllegalMove::NothingToJump { from, to } => {
                format!("{from}-{to}: не через что прыгать.")
            }
            IllegalMove::LandingOccupied(s) => format!("Цепочка встаёт на занятую клетку {s}."),
            IllegalMove::Revisit(s) => format!("Цепочка дважды проходит через {s}."),
            IllegalMove::WouldLock { piece } => {
                format!("Этот ход запер бы шашку на {piece}: запирать нельзя.")
            }
            IllegalMove::MirrorLimit { limit, window } => format!(
                "Это был бы {}-й зеркальный ход: чёрные могут повторить не больше {limit} из первых {window} ходов белых.",
                limit + 1
            ),
            IllegalMove::ForcedExit => {
                "Нужно ходить шашкой, которая ещё стоит в вашем доме.".into()
            }
            IllegalMove::MustPass => "Ходить нечем: этот ход — пропуск (--).".into(),
            IllegalMove::NoPass => "Пропустить ход можно, только когда ходить нечем.".into(),
        }
    }

    fn input_error(&self, e: &InputError) -> String {
        match e {
            InputError::Empty => "Напишите ход, например c3-e5 или c3-e3-e5.".into(),
            InputError::UnexpectedChar { ch, .. } => {
                format!("Не понимаю «{ch}». Напишите ход, например c3-e5.")
            }
            InputError::MissingRank { letter, .. } => {
                format!("После «{letter}» нужен номер ряда, например c3-e5.")
            }
            InputError::BadSquare { text, .. } => format!("«{text}» — не клетка."),
            InputError::OneSquare(s) => format!("Ход — это две клетки: с {s} куда?"),
            InputError::OffBoard { square, board } => {
                format!("Клетки {square} нет на доске {board}.")
            }
        }
    }

    fn bad_arguments(&self, usage: &str) -> String {
        format!("Использование: {usage}")
    }

    fn unknown_variant(&self, name: &str) -> String {
        format!("Не знаю вариант «{name}». Список: /variants.")
    }

    fn slow_down(&self) -> String {
        "Не так быстро, пожалуйста.".into()
    }

    // ---- stats, history, training ----
    fn stats(&self, s: &StatsView) -> String {
        let mut out = format!("📊 <b>{}</b>\n", s.name);
        if s.variants.is_empty() {
            out.push_str("Законченных партий пока нет.\n");
        }
        let mut provisional = false;
        for v in &s.variants {
            let n = v.wins + v.draws + v.losses;
            out.push_str(&format!(
                "\n<b>{}</b>: {n} {}, +{} ={} −{}\n",
                self.variant_name(v.variant),
                plural(n, "партия", "партии", "партий"),
                v.wins,
                v.draws,
                v.losses
            ));
            if let Some(r) = v.rating {
                provisional |= r.provisional;
                out.push_str(&format!(
                    "Рейтинг <b>{}{}</b> ({} {}) · лучший {} · последнее изменение {:+}\n",
                    r.rating,
                    if r.provisional { "?" } else { "" },
                    r.rated_games,
                    plural(r.rated_games, "рейтинговая", "рейтинговые", "рейтинговых"),
                    r.best,
                    r.last_change
                ));
            }
            match v.streak {
                0 => {}
                k if k > 0 => out.push_str(&format!(
                    "Серия: {k} {} подряд\n",
                    plural(k as u32, "победа", "победы", "побед")
                )),
                k => out.push_str(&format!(
                    "Серия: {} {} подряд\n",
                    -k,
                    plural((-k) as u32, "поражение", "поражения", "поражений")
                )),
            }
        }
        if let Some(h) = &s.head_to_head {
            out.push_str(&format!(
                "\n⚔ {} — {}: +{} ={} −{}\n",
                h.me, h.other, h.wins, h.draws, h.losses
            ));
        }
        if provisional {
            out.push_str("\n<i>? — предварительный рейтинг: меньше 30 рейтинговых партий</i>");
        }
        out.trim_end().to_string()
    }

    fn unknown_user(&self, name: &str) -> String {
        format!("Я пока не знаю @{name}: пусть сначала сыграет или напишет мне.")
    }

    fn chart_title(&self, name: &str) -> String {
        format!("Рейтинг · {name}")
    }

    fn chart_x_label(&self) -> String {
        "рейтинговые партии".into()
    }

    fn chart_legend(&self, v: VariantId, rating: i32, provisional: bool) -> String {
        format!(
            "{} {rating}{}",
            self.variant_name(v),
            if provisional { "?" } else { "" }
        )
    }

    fn top(&self, variant: &str, scope: TopScope, rows: &[TopRow], more: bool) -> String {
        let whose = match scope {
            TopScope::Chat => "этот чат",
            TopScope::Everyone => "все игроки",
        };
        let mut out = format!("🏆 <b>{}</b> — {whose}\n", variant);
        if rows.is_empty() {
            out.push_str(
                "Рейтинговых партий пока нет. Рейтинг меняют только партии между двумя людьми.",
            );
            return out;
        }
        let mut provisional = false;
        let mut last_rank = 0;
        for r in rows {
            if more && r.me && r.rank > last_rank + 1 {
                out.push_str("…\n");
            }
            last_rank = r.rank;
            provisional |= r.provisional;
            let line = format!(
                "{}. {} — {}{} · {} {}",
                r.rank,
                r.name,
                r.rating,
                if r.provisional { "?" } else { "" },
                r.rated_games,
                plural(r.rated_games, "партия", "партии", "партий")
            );
            if r.me {
                out.push_str(&format!("<b>{line}</b>\n"));
            } else {
                out.push_str(&format!("{line}\n"));
            }
        }
        if provisional {
            out.push_str("\n<i>? — предварительный рейтинг: меньше 30 рейтинговых партий</i>");
        }
        out.trim_end().to_string()
    }

    fn not_rated_variant(&self, v: VariantId) -> String {
        let rated: Vec<String> = VariantId::ALL
            .into_iter()
            .filter(|x| x.rated())
            .map(|x| format!("<code>{}</code>", x.id()))
            .collect();
        format!(
            "В варианте «{}» рейтинга нет. Рейтинговые варианты: {}.",
            self.variant_name(v),
            rated.join(", ")
        )
    }

    fn history(&self, rows: &[HistoryRow]) -> String {
        if rows.is_empty() {
            return "Законченных партий пока нет. /play — сыграть со мной.".into();
        }
        let mut out = String::from("🕘 <b>Ваши последние партии</b>\n");
        for r in rows {
            let icon = match r.result {
                PlayerResult::Won => "✅",
                PlayerResult::Drew => "🤝",
                PlayerResult::Lost => "❌",
                PlayerResult::Placed { place: 1, .. } => "🥇",
                PlayerResult::Placed { .. } => "🏁",
                PlayerResult::Aborted | PlayerResult::Playing => "✖",
            };
            let opp = match &r.opponent {
                Opponent::Person(n) => format!("против {n}"),
                Opponent::Program(l) => format!("против 🤖 уровень {l}"),
                Opponent::Nobody => "🎯 тренировка".into(),
                Opponent::Table(n) => format!("🎲 партия на {n}"),
            };
            let result = match (r.result, &r.opponent) {
                (PlayerResult::Won, Opponent::Nobody) => {
                    format!("пройдено за {} {}", r.moves, hodov(r.moves as u64))
                }
                (PlayerResult::Won, _) => "победа".into(),
                (PlayerResult::Drew, _) => "ничья".into(),
                (PlayerResult::Lost, _) => "поражение".into(),
                (PlayerResult::Placed { place, of }, _) => format!("{place}-е место из {of}"),
                (PlayerResult::Aborted, _) => "отменена".into(),
                (PlayerResult::Playing, _) => "идёт".into(),
            };
            let why = match (r.reason, &r.opponent) {
                (Some(x), Opponent::Person(_) | Opponent::Program(_) | Opponent::Table(_)) => {
                    format!(" ({})", reason_short(x))
                }
                _ => String::new(),
            };
            let rating = r
                .rating
                .map(|(after, d)| format!(" · {after} ({d:+})"))
                .unwrap_or_default();
            out.push_str(&format!(
                "\n{icon} <b>#{}</b> {} · {opp} · {} · {result}{why}{rating}",
                r.game, r.date, r.variant
            ));
        }
        out
    }

    fn btn_record_of(&self, game: GameId) -> String {
        format!("📄 #{game}")
    }

    fn btn_replay_of(&self, game: GameId) -> String {
        format!("🎞 #{game}")
    }

    fn export_nothing(&self) -> String {
        "Нечего выгружать: ответьте /export на доску законченной партии или сначала доиграйте партию здесь. Все ваши партии — в /history.".into()
    }

    fn export_not_finished(&self) -> String {
        "Эта партия ещё идёт: запись будет, когда она закончится.".into()
    }
}

/// The form of a noun (or adjective) for a count: 1 партия, 2 партии, 5 партий.
fn plural(n: u32, one: &'static str, few: &'static str, many: &'static str) -> &'static str {
    let (d, h) = (n % 10, n % 100);
    if d == 1 && h != 11 {
        one
    } else if (2..=4).contains(&d) && !(12..=14).contains(&h) {
        few
    } else {
        many
    }
}

/// Why a game ended, in a few words for `/history`.
fn reason_short(r: Reason) -> &'static str {
    match r {
        Reason::Goal => "дом занят",
        Reason::GoalBoth => "оба заняли дом",
        Reason::ExitDeadline => "не вышли из дома",
        Reason::ReturnHome => "возврат в дом",
        Reason::MoveLimit => "лимит ходов",
        Reason::NoMoves => "нет ходов",
        Reason::Repetition => "повторение",
        Reason::Timeout => "время",
        Reason::Resignation => "сдача",
        Reason::Agreement => "по соглашению",
        Reason::Abandoned => "партия брошена",
    }
}

/// «15 мин», «1 ч», «1 ч 30 мин».
fn minutes_ru(m: u16) -> String {
    match (m / 60, m % 60) {
        (0, m) => format!("{m} мин"),
        (h, 0) => format!("{h} ч"),
        (h, m) => format!("{h} ч {m} мин"),
    }
}

impl TableTexts for Ru {
    fn table_page_turn(&self, s: Seat, name: &str, round: u16) -> String {
        format!(
            "Ход: {} {} — {name} · круг {round}",
            seat_mark(s),
            self.seat_name(s).to_lowercase()
        )
    }

    fn table_page_lobby(&self, v: MultiVariant) -> String {
        format!("{}: набор игроков", self.table_variant(v))
    }

    fn seat_name(&self, s: Seat) -> String {
        match s {
            Seat::White => "Белые",
            Seat::Green => "Зелёные",
            Seat::Black => "Чёрные",
            Seat::Red => "Красные",
        }
        .into()
    }

    fn table_variant(&self, v: MultiVariant) -> String {
        match v {
            MultiVariant::Halma4 => "Хальма вчетвером",
            MultiVariant::Halma3 => "Хальма втроём",
            MultiVariant::Halma4Teams => "Хальма пара на пару",
        }
        .into()
    }

    fn lobby(&self, v: &TableView, host: &str, minutes: u64) -> String {
        let mut s = format!(
            "🎲 <b>{}</b> (доска 16×16, по 13 шашек)\nСоздал: {host}\n\n",
            self.table_variant(v.variant)
        );
        for l in &v.seats {
            s.push_str(&ru_seat_line(self, l));
            s.push('\n');
        }
        if let Some(tc) = Some(v.time).filter(|t| *t != TimeControl::Untimed) {
            s.push_str(&format!("\n⏱ {}", self.time_control(&tc)));
        }
        s.push_str(&format!(
            "\n«Сесть» занимает следующее свободное место; создатель может посадить программу и начинает игру, когда все места заняты. Набор закроется через {minutes} мин."
        ));
        if v.variant.teams() {
            s.push_str("\nПары: белые с чёрными, зелёные с красными.");
        }
        s
    }

    fn lobby_closed(&self, v: MultiVariant) -> String {
        format!("🎲 {}: набор закрыт.", self.table_variant(v))
    }

    fn btn_join(&self) -> String {
        "🙋 Сесть".into()
    }

    fn btn_leave(&self) -> String {
        "🚪 Уйти".into()
    }

    fn btn_program(&self, level: u8) -> String {
        format!("🤖 + Программа (уровень {level})")
    }

    fn btn_start(&self) -> String {
        "▶️ Начать".into()
    }

    fn btn_leave_game(&self) -> String {
        "🏳 Выйти из игры".into()
    }

    fn table_caption(&self, v: &TableView) -> String {
        let mut s = format!("{} · круг {}\n", self.table_variant(v.variant), v.round);
        for l in &v.seats {
            s.push_str(&ru_seat_line(self, l));
            s.push('\n');
        }
        if let Some((seat, t)) = &v.last {
            s.push_str(&format!("Последний ход: {} {t}\n", seat_mark(*seat)));
        }
        if let Some(to) = v.seats.iter().find(|l| l.to_move)
            && let Some(seat) = to.seat
        {
            s.push_str(&format!(
                "➡️ Ход: {} {} (напишите ход, например <code>c3-e5</code>, или ответьте на доску)",
                seat_mark(seat),
                ru_who(to)
            ));
            if let Some(tc) = v.limit() {
                s.push_str(&format!(", ⏱ {}", self.time_control(&tc)));
            }
        }
        if let Some((until, left)) = v.move_by {
            s.push('\n');
            s.push_str(&self.move_by(until, left));
        }
        if v.paused {
            s.push_str(&format!("\n⏸ {}", self.paused()));
        }
        s
    }

    fn table_end(&self, v: &TableView) -> String {
        let teams = v.variant.teams();
        let why = match v.over {
            Some(Reason::MoveLimit) => "сыграно предельное число кругов",
            Some(Reason::Resignation) if teams => "игрок пары сдался",
            Some(Reason::Timeout) if teams => "у игрока пары вышло время",
            Some(Reason::Resignation | Reason::Timeout) => "остальные игроки вышли из игры",
            _ => "все места определены",
        };
        let mut seats = v.seats.clone();
        seats.sort_by_key(|l| l.place.unwrap_or(9));
        let mut s = format!(
            "🏁 <b>{}</b>: партия окончена ({why}), сыграно кругов: {}.\n",
            self.table_variant(v.variant),
            v.round
        );
        for l in &seats {
            if let (Some(p), Some(seat)) = (l.place, l.seat) {
                s.push_str(&format!("{p}. {} {}\n", seat_mark(seat), ru_who(l)));
            }
        }
        if !v.ratings.is_empty() {
            s.push_str("\nРейтинг:\n");
            s.push_str(&v.ratings.join("\n"));
        }
        s
    }

    fn table_left(&self, name: &str, s: Seat, how: Leave) -> String {
        let how = match how {
            Leave::Resignation => "сдался",
            Leave::Timeout => "дважды подряд не уложился в лимит хода",
        };
        format!(
            "🚪 {name} ({} {}) {how} и выбыл из игры; до конца за него играет программа.",
            seat_mark(s),
            self.seat_name(s)
        )
    }

    fn table_auto_moved(&self, name: &str, s: Seat) -> String {
        format!(
            "⏱ {name} ({} {}) не уложился в лимит хода: за него сходила программа. Второй пропуск подряд — выход из игры.",
            seat_mark(s),
            self.seat_name(s)
        )
    }

    fn not_your_seat(&self, name: &str, s: Seat) -> String {
        format!(
            "Сейчас ход {name} ({} {}).",
            seat_mark(s),
            self.seat_name(s)
        )
    }

    fn lobby_refusal(&self, r: &LobbyRefusal) -> String {
        match r {
            LobbyRefusal::AlreadyOpen => {
                "В этом чате уже идёт набор или партия на троих-четверых: сначала доиграйте её."
                    .into()
            }
            LobbyRefusal::Closed => "Набор закрыт.".into(),
            LobbyRefusal::Full => "Все места заняты.".into(),
            LobbyRefusal::AlreadySeated => "Вы уже сидите за доской.".into(),
            LobbyRefusal::NotSeated => "Вы не играете в этой партии.".into(),
            LobbyRefusal::NotHost => "Это может только создатель.".into(),
            LobbyRefusal::SeatsOpen => "Ещё не все места заняты.".into(),
        }
    }

    fn confirm_leave_game(&self) -> String {
        "Выйти из игры? Вашим цветом доиграет программа, а вам достанется последнее из оставшихся мест.".into()
    }

    fn table_time_up(&self, late: &str, others: &str) -> String {
        format!(
            "⌛ У {late} вышло время на ход. {others}: вывести этого игрока из партии (его цветом доиграет программа) или подождать хода?"
        )
    }

    fn btn_table_claim(&self) -> String {
        "⌛ Вывести из партии".into()
    }

    fn seat_done(&self) -> String {
        "Ваши шашки больше не ходят (вы финишировали или выбыли).".into()
    }

    fn seated(&self, s: Seat) -> String {
        format!("Вы играете: {} {}.", seat_mark(s), self.seat_name(s))
    }

    fn unseated(&self) -> String {
        "Вы освободили место.".into()
    }

    fn table_turn_notice(&self, v: MultiVariant, s: Seat, board: &str) -> String {
        format!(
            "🔔 Ваш ход: {} ({} {}). {board}",
            self.table_variant(v),
            seat_mark(s),
            self.seat_name(s)
        )
    }

    fn multi_stats(&self, s: &MultiStats) -> String {
        let mut line = format!(
            "{}: партий {}, места: 1-е {} · 2-е {} · 3-е {} · 4-е {}",
            self.table_variant(s.variant),
            s.games(),
            s.places[0],
            s.places[1],
            s.places[2],
            s.places[3]
        );
        if s.rated_games > 0 {
            line.push_str(&format!(", рейтинг {}", s.rating));
        }
        line
    }
}

/// Who sits at a seat, in Russian.
fn ru_who(l: &SeatLine) -> String {
    match (&l.person, l.program) {
        (Some(p), _) if l.left => format!("{p} (выбыл; играет программа)"),
        (Some(p), _) => p.clone(),
        (None, Some(level)) => format!("🤖 программа, уровень {level}"),
        (None, None) => "<i>свободно</i>".into(),
    }
}

fn ru_seat_line(t: &Ru, l: &SeatLine) -> String {
    let Some(seat) = l.seat else {
        return String::new();
    };
    let mut s = format!("{} {}: {}", seat_mark(seat), t.seat_name(seat), ru_who(l));
    if let Some(c) = &l.clock {
        s.push_str(&format!(" ⏱ {c}"));
    }
    if let Some(p) = l.place {
        s.push_str(&format!(" — 🏁 {p}-е место"));
    }
    if l.to_move {
        s.push_str(" ⬅️");
    }
    s
}

impl AnalysisTexts for Ru {
    fn btn_analysis(&self) -> String {
        "📈 Разбор".into()
    }

    fn btn_analysis_page(&self) -> String {
        "Пройти партию по ходам".into()
    }

    fn analysis(&self, v: &AnalysisView) -> String {
        let mut s = format!("📈 <b>Разбор партии #{}</b>\n", v.game);
        for c in Color::ALL {
            let [_, _, i, m, b] = v.counts[c.index()];
            s += &format!(
                "{} {}: точность {} % · неточностей {i}, ошибок {m}, зевков {b}\n",
                side_mark(c),
                v.names[c.index()],
                format!("{:.1}", v.accuracy[c.index()]).replace('.', ","),
            );
        }
        if v.worst.is_empty() {
            s += "Ни один ход не потерял темпа.\n";
        } else {
            s += "\nХудшие ходы (жёлтым — сыгранный, зелёным — лучший):\n";
            for (k, w) in v.worst.iter().enumerate() {
                s += &format!(
                    "{}. {} {} — {}{}; лучше {}\n",
                    k + 1,
                    move_number(w.ply, w.side),
                    w.played,
                    self.class_name(w.class),
                    why_or_loss_ru(w),
                    w.better
                );
            }
        }
        s += "\nГрафик: баланс в темпах после каждого хода (выше нуля — впереди белые).";
        s
    }

    fn class_name(&self, c: MoveClass) -> String {
        match c {
            MoveClass::Best => "лучший ход",
            MoveClass::Good => "хороший ход",
            MoveClass::Inaccuracy => "неточность",
            MoveClass::Mistake => "ошибка",
            MoveClass::Blunder => "зевок",
        }
        .into()
    }

    fn analysis_board_caption(&self, m: &WorstMove) -> String {
        format!(
            "{} {} {} → {}",
            move_number(m.ply, m.side),
            m.played,
            class_mark(m.class),
            m.better
        )
    }

    fn analysis_chart_title(&self) -> String {
        "Баланс в темпах (выше 0 — впереди белые)".into()
    }

    fn analysis_chart_axis(&self) -> String {
        "сделано ходов".into()
    }

    fn analysis_started(&self) -> String {
        "Разбираю партию: разбор придёт сюда через несколько секунд.".into()
    }

    fn analysis_queued(&self, ahead: usize) -> String {
        format!("Разбор в очереди, перед ним {ahead}. Он придёт сюда, когда будет готов.")
    }

    fn analysis_joined(&self) -> String {
        "Эту партию уже разбирают: разбор придёт и сюда.".into()
    }

    fn analysis_full(&self, limit: usize) -> String {
        format!("Вы уже ждёте {limit} разборов: попросите снова, когда они придут.")
    }

    fn analysis_busy(&self) -> String {
        "Слишком много разборов в очереди: попросите снова через минуту.".into()
    }

    fn analysis_nothing(&self) -> String {
        "Нечего разбирать: сначала доиграйте партию или укажите её номер из /history: /analyze 123."
            .into()
    }

    fn analysis_usage(&self) -> String {
        "Укажите номер партии из /history: /analyze 123 (или просто /analyze — для последней)."
            .into()
    }

    fn analysis_in_play(&self) -> String {
        "Эта партия ещё идёт: разобрать её можно, когда она закончится.".into()
    }

    fn analysis_aborted(&self) -> String {
        "Эта партия отменена: разбирать нечего.".into()
    }

    fn analysis_not_yours(&self) -> String {
        "Это чужая партия или партия не этого чата: партии группы разбираются в группе, свои партии — ещё и в личном чате со мной.".into()
    }

    fn analysis_two_players_only(&self) -> String {
        "Разбираются только партии двух сторон (не тренировки и не партии на троих или четверых)."
            .into()
    }

    fn analysis_failed(&self) -> String {
        "Разбор не получился. Попробуйте позже.".into()
    }
}

/// `, −3 темпа` or `, проигрышный возврат в дом`.
fn why_or_loss_ru(w: &WorstMove) -> String {
    let loss = match w.loss {
        0 => String::new(),
        n => format!(", −{n} {}", plural(n, "темп", "темпа", "темпов")),
    };
    match w.why {
        None => loss,
        Some(BlunderReason::Result) => format!("{loss}, упущен результат"),
        Some(BlunderReason::ReturnHome) => ", проигрышный возврат в дом".into(),
        Some(BlunderReason::ExitDeadline) => ", шашка не выведена из дома в срок".into(),
        Some(BlunderReason::Rule(r)) => format!(", проигрыш по правилу ({})", reason_short(r)),
    }
}

impl super::tournament::TournamentTexts for Ru {
    fn tournament_usage(&self) -> String {
        "<b>Турниры</b> (открывают администраторы группы):\n\
         /tournament swiss 5 classic 5+3 — швейцарская система, 5 туров\n\
         /tournament roundrobin [double] classic 3d — круговой турнир: каждый играет с каждым\n\
         /tournament arena 60 classic 3+2 — арена на 60 минут\n\
         /tournament arena 60 halma4 — арена столов хальмы на четверых (или <code>halma3</code>), очки по местам\n\
         Добавьте <code>casual</code> для игр без рейтинга, <code>in 30m</code> (или \
         <code>2h</code>, <code>1d</code>), чтобы турнир начался сам, <code>first 2m</code> — \
         время на первый ход, после которого засчитывается поражение за неявку.\n\
         /tournaments — турниры этой группы."
            .into()
    }

    fn tournament_format(&self, f: Format) -> String {
        match f {
            Format::Swiss { rounds } => format!("Швейцарская система, туров: {rounds}"),
            Format::RoundRobin { cycles: 2 } => "Двухкруговой турнир".into(),
            Format::RoundRobin { .. } => "Круговой турнир".into(),
            Format::Arena { minutes } => format!("Арена, {minutes} мин"),
        }
    }

    fn tournament_entry(&self, v: &EntryView) -> String {
        let mut s = format!(
            "🏆 <b>{}</b> · {} · {} · {}\n",
            self.tournament_format(v.format),
            v.variant,
            v.time,
            if v.rated {
                "на рейтинг"
            } else {
                "без рейтинга"
            }
        );
        match v.stage {
            Stage::Draft => {
                s.push_str("Запись открыта: нажмите «Участвовать». Начинает администратор");
                if let Some(at) = &v.starts_at {
                    s.push_str(&format!(", или турнир начнётся сам в {at}"));
                }
                s.push_str(".\n");
            }
            Stage::Running | Stage::Paused => {
                match v.round {
                    (r, Some(n)) => s.push_str(&format!("Тур {r} из {n}")),
                    (_, None) => s.push_str("Идёт игра"),
                }
                if let Some(end) = &v.ends_at {
                    s.push_str(&format!(", до {end}"));
                }
                if v.stage == Stage::Paused {
                    s.push_str(" · ⏸ пауза");
                }
                s.push_str(
                    ". «Участвовать» — поздняя запись, где формат позволяет; «Выйти» — сняться с турнира.\n",
                );
            }
            Stage::Finished => s.push_str("Турнир окончен.\n"),
            Stage::Cancelled => s.push_str("Турнир отменён.\n"),
        }
        s.push_str(&format!(
            "Кто не сделает первый ход за {}, получает поражение за неявку.\n",
            v.first_move
        ));
        s.push_str(&format!("\n<b>Участники ({})</b>:", v.entrants.len()));
        if v.entrants.is_empty() {
            s.push_str(" пока никого");
        }
        for (i, (name, out)) in v.entrants.iter().enumerate() {
            s.push_str(&format!(
                "\n{}. {name}{}",
                i + 1,
                if *out { " (снялся)" } else { "" }
            ));
        }
        s
    }

    fn btn_enter(&self) -> String {
        "✋ Участвовать".into()
    }
    fn btn_leave_event(&self) -> String {
        "🚪 Выйти".into()
    }
    fn btn_begin(&self) -> String {
        "▶ Начать".into()
    }
    fn btn_tournament_page(&self) -> String {
        "🏆 Таблица и партии".into()
    }
    fn btn_call_off(&self) -> String {
        "✖ Отменить".into()
    }
    fn btn_pause(&self) -> String {
        "⏸ Пауза".into()
    }
    fn btn_resume(&self) -> String {
        "▶ Продолжить".into()
    }

    fn tournament_refusal(&self, r: &TournamentRefusal) -> String {
        match r {
            TournamentRefusal::AlreadyOpen => {
                "В этой группе уже открыт турнир: сначала завершите или отмените его.".into()
            }
            TournamentRefusal::NoSuchTournament => "Такого турнира нет.".into(),
            TournamentRefusal::Over => "Этот турнир окончен.".into(),
            TournamentRefusal::Started => {
                "Турнир уже начался, а в круговой турнир поздняя запись невозможна.".into()
            }
            TournamentRefusal::NotStarted => "Турнир ещё не начался.".into(),
            TournamentRefusal::AlreadyEntered => "Вы уже участвуете.".into(),
            TournamentRefusal::NotEntered => "Вы не участвуете в этом турнире.".into(),
            TournamentRefusal::Full => "Мест больше нет.".into(),
            TournamentRefusal::TooFew => {
                "Слишком мало участников (круговому турниру нужно 3, арене столов — один полный стол, остальным 2).".into()
            }
            TournamentRefusal::NotThatState => "Турнир сейчас не в этом состоянии.".into(),
            TournamentRefusal::TablesArenaOnly => {
                "Хальма на троих или четверых играется только ареной: <code>/tournament arena 60 halma4</code>.".into()
            }
        }
    }

    fn event_admins_only(&self) -> String {
        "Это могут только администраторы группы.".into()
    }
    fn entered(&self) -> String {
        "Вы в турнире. Удачи!".into()
    }
    fn withdrawn(&self, running: bool) -> String {
        if running {
            "Вы снялись с турнира: в следующих турах вас не будет.".into()
        } else {
            "Заявка отозвана.".into()
        }
    }
    fn tournament_done(&self, what: Stage) -> String {
        match what {
            Stage::Running => "Турнир начался.",
            Stage::Paused => "Пауза: новый тур не начнётся, пока турнир не продолжат.",
            Stage::Cancelled => "Турнир отменён.",
            Stage::Draft | Stage::Finished => "Готово.",
        }
        .into()
    }

    fn round_pairings(
        &self,
        round: u32,
        total: Option<u32>,
        lines: &[PairLine],
        bye: Option<&str>,
        private: bool,
    ) -> String {
        let mut s = match total {
            Some(n) => format!("🏆 <b>Тур {round} из {n}</b>: пары\n"),
            None => format!("🏆 <b>Партии {round}</b>\n"),
        };
        for (i, l) in lines.iter().enumerate() {
            s.push_str(&format!(
                "\n{}. {} ({}) – {} ({})",
                i + 1,
                l.white.0,
                l.white.1,
                l.black.0,
                l.black.1
            ));
            match (l.result, &l.link) {
                (Some(r), _) => s.push_str(&format!(" · {}", r.notation())),
                (None, Some(link)) => s.push_str(&format!(" · <a href=\"{link}\">доска</a>")),
                (None, None) => {}
            }
        }
        if let Some(b) = bye {
            s.push_str(&format!("\n\nСвободен от игры (очко без партии): {b}"));
        }
        s.push_str(if private {
            "\n\nДоски — в личном чате каждого игрока со мной (у белых и у чёрных)."
        } else {
            "\n\nДоски — ниже. Первыми ходят белые."
        });
        s
    }

    fn round_results(&self, round: u32, total: Option<u32>, lines: &[PairLine]) -> String {
        let mut s = match total {
            Some(n) => format!("🏆 <b>Тур {round} из {n}</b>: итоги\n"),
            None => format!("🏆 <b>Итоги {round}</b>\n"),
        };
        for l in lines {
            s.push_str(&format!(
                "\n{} – {}: {}",
                l.white.0,
                l.black.0,
                l.result.map_or("*", GameResult::notation)
            ));
        }
        s
    }

    fn forfeit(&self, loser: &str, winner: &str) -> String {
        format!("⏱ {loser} не сделал первый ход вовремя: поражение за неявку, победа — {winner}.")
    }
    fn table_forfeit(&self, loser: &str) -> String {
        format!(
            "⏱ {loser} не сделал первый ход вовремя и выбывает из-за стола: за него доигрывает программа, ему — последнее место."
        )
    }
    fn withdrew(&self, who: &str) -> String {
        format!("🚪 {who} снялся с турнира.")
    }
    fn tournament_won(&self, winners: &[String]) -> String {
        match winners {
            [one] => format!("🏆 <b>Победитель турнира — {one}!</b> Итоговая таблица:"),
            many => format!(
                "🏆 <b>Первое место делят {}!</b> Итоговая таблица:",
                many.join(", ")
            ),
        }
    }
    fn tournament_cancelled(&self) -> String {
        "✖ Администратор отменил турнир. Начатые партии можно доиграть, в зачёт они не идут.".into()
    }

    fn tournaments_list(&self, lines: &[ListLine]) -> String {
        if lines.is_empty() {
            return "В этой группе ещё не было турниров. Администратор открывает турнир командой /tournament.".into();
        }
        let mut s = "🏆 <b>Турниры</b>\n".to_string();
        for l in lines {
            let stage = match l.stage {
                Stage::Draft => "идёт запись".to_string(),
                Stage::Running | Stage::Paused => match l.round {
                    (r, Some(n)) => format!("тур {r} из {n}"),
                    _ => "идёт игра".into(),
                },
                Stage::Finished if !l.winners.is_empty() => {
                    format!("победитель: {}", l.winners.join(", "))
                }
                Stage::Finished => "окончен".into(),
                Stage::Cancelled => "отменён".into(),
            };
            s.push_str(&format!(
                "\n{} · {} · {} · участников: {} · {stage}",
                l.date,
                self.tournament_format(l.format),
                l.variant,
                l.players
            ));
        }
        s
    }

    fn standings_title(&self, round: u32, total: Option<u32>, last: bool) -> String {
        match (last, total) {
            (true, _) => "Итоговая таблица".into(),
            (false, Some(n)) => format!("Таблица после тура {round} из {n}"),
            (false, None) => "Таблица".into(),
        }
    }
    fn standings_live(&self, round: u32, total: Option<u32>) -> String {
        match total {
            Some(n) => format!("Таблица · идёт тур {round} из {n}"),
            None => "Таблица".into(),
        }
    }
    fn standings_columns(&self) -> [String; 4] {
        ["#".into(), "Игрок".into(), "Очки".into(), "Партии".into()]
    }
    fn pairings_columns(&self) -> [String; 4] {
        [
            "Доска".into(),
            "Белые".into(),
            "Чёрные".into(),
            "Очки".into(),
        ]
    }
    fn pairings_title(&self, round: u32, total: Option<u32>) -> String {
        match total {
            Some(n) => format!("Тур {round} из {n}: пары"),
            None => format!("Партии {round}"),
        }
    }
    fn tie_break(&self, tb: TieBreak) -> String {
        match tb {
            TieBreak::DirectEncounter => "ЛВ",
            TieBreak::Wins => "Поб",
            TieBreak::BuchholzCut1 => "Бх-1",
            TieBreak::Buchholz => "Бх",
            TieBreak::SonnebornBerger => "З-Б",
            TieBreak::Performance => "Перф",
        }
        .into()
    }
}

#[cfg(test)]
mod tests {
    use super::{hodov, plural};

    #[test]
    fn russian_plurals() {
        let p = |n| plural(n, "партия", "партии", "партий");
        assert_eq!(
            (p(1), p(2), p(5), p(11), p(21), p(112), p(104)),
            (
                "партия",
                "партии",
                "партий",
                "партий",
                "партия",
                "партий",
                "партии"
            )
        );
        assert_eq!(hodov(1), "ход");
        assert_eq!(hodov(3), "хода");
        assert_eq!(hodov(11), "ходов");
        assert_eq!(hodov(21), "ход");
        assert_eq!(hodov(40), "ходов");
        assert_eq!(hodov(12), "ходов");
        assert_eq!(hodov(22), "хода");
    }
}
