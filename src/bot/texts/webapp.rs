//! The Mini App page's strings (`assets/webapp/app.js` keys), served with the session.

/// English.
pub const EN: &[(&str, &str)] = &[
    ("title", "Ugolki"),
    ("loading", "Loading…"),
    ("network", "No connection to the server. Try again."),
    ("reconnecting", "Connection lost, reconnecting…"),
    ("games", "Your games"),
    ("no_games", "You have no games in play."),
    ("your_move", "your move"),
    ("their_move", "their move"),
    ("white", "White"),
    ("black", "Black"),
    ("you", "you"),
    ("program", "program"),
    ("turn_w", "White to move"),
    ("turn_b", "Black to move"),
    ("win_w", "White wins"),
    ("win_b", "Black wins"),
    ("drawn", "Draw"),
    ("moves", "Moves"),
    ("move_in", "Time left for the move"),
    ("unit_d", "d"),
    ("unit_h", "h"),
    ("draw_offered", "offers a draw"),
    ("takeback_asked", "asks for a takeback"),
    ("resign", "Resign"),
    ("resign_confirm", "Resign this game?"),
    ("draw", "Offer a draw"),
    ("draw_accept", "Accept the draw"),
    ("draw_decline", "Decline the draw"),
    ("takeback", "Take back"),
    ("takeback_accept", "Allow the takeback"),
    ("takeback_decline", "Refuse the takeback"),
    ("rematch", "Rematch"),
    ("reopen", "Open the board from Telegram again."),
    ("too_fast", "Too many requests: wait a moment."),
    ("too_large", "The request is too large."),
    ("bad_json", "The request is not what the page sends."),
    ("bad_squares", "The move names no squares of this board."),
    ("not_found", "There is nothing here."),
    ("pass", "Pass (no move)"),
    ("leave_game", "Leave the game"),
    (
        "leave_confirm",
        "Leave this game? You take the last place and the program plays your seat to the end; in a team game your team can no longer win.",
    ),
    ("left_game", "left"),
    (
        "losing_confirm",
        "This move returns a piece to your home after the deadline: you lose at once. Play it anyway?",
    ),
];

/// Russian, in the club player's words.
pub const RU: &[(&str, &str)] = &[
    ("title", "Уголки"),
    ("loading", "Загрузка…"),
    ("network", "Нет связи с сервером. Попробуйте ещё раз."),
    ("reconnecting", "Связь прервалась, подключаюсь…"),
    ("games", "Ваши партии"),
    ("no_games", "У вас нет партий в игре."),
    ("your_move", "ваш ход"),
    ("their_move", "ход соперника"),
    ("white", "Белые"),
    ("black", "Чёрные"),
    ("you", "вы"),
    ("program", "программа"),
    ("turn_w", "Ход белых"),
    ("turn_b", "Ход чёрных"),
    ("win_w", "Белые выиграли"),
    ("win_b", "Чёрные выиграли"),
    ("drawn", "Ничья"),
    ("moves", "Ходы"),
    ("move_in", "Время на ход"),
    ("unit_d", "д"),
    ("unit_h", "ч"),
    ("draw_offered", "предлагает ничью"),
    ("takeback_asked", "просит вернуть ход"),
    ("resign", "Сдаться"),
    ("resign_confirm", "Сдаться в этой партии?"),
    ("draw", "Ничья"),
    ("draw_accept", "Согласиться на ничью"),
    ("draw_decline", "Отклонить ничью"),
    ("takeback", "Взять ход назад"),
    ("takeback_accept", "Разрешить вернуть ход"),
    ("takeback_decline", "Не разрешать"),
    ("rematch", "Реванш"),
    ("reopen", "Откройте доску из Telegram ещё раз."),
    ("too_fast", "Слишком много запросов: подождите немного."),
    ("too_large", "Слишком большой запрос."),
    ("bad_json", "Запрос не похож на запрос страницы."),
    ("bad_squares", "В ходе нет полей этой доски."),
    ("not_found", "Здесь ничего нет."),
    ("pass", "Пропустить ход (ходов нет)"),
    ("leave_game", "Выйти из игры"),
    (
        "leave_confirm",
        "Выйти из партии? Вам достанется последнее место, программа доиграет за вас; в командной игре ваша пара уже не сможет выиграть.",
    ),
    ("left_game", "вышел"),
    (
        "losing_confirm",
        "Этот ход возвращает шашку в ваш дом после срока: это сразу проигрыш. Всё равно сыграть?",
    ),
];

/// The page's strings in `lang`.
pub fn table(lang: crate::game::Language) -> &'static [(&'static str, &'static str)] {
    match lang {
        crate::game::Language::En => EN,
        crate::game::Language::Ru => RU,
    }
}

/// One of the page's strings in `lang` (the key itself if there is none, as the page does).
pub fn text(lang: crate::game::Language, key: &'static str) -> &'static str {
    table(lang)
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(key, |(_, v)| *v)
}
