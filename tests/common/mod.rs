pub mod browser;
pub mod harness;
pub mod people;
pub mod pg;
pub mod reference;
pub mod reference_multi;
pub mod webapp;

use ugolki_bot::engine::{Variant, VariantId};
use ugolki_bot::game::{
    ChallengeTarget, ChatId, ColourChoice, NewChallenge, NewGame, Player, TimeControl, UserId,
};

/// A rated, untimed classic game between `players` in `chat`, its board not posted yet;
/// a test changes the rest by struct update.
pub fn classic_game(players: [Player; 2], chat: ChatId) -> NewGame {
    NewGame {
        variant: Variant::new(VariantId::Classic).into(),
        players: players.to_vec(),
        time_control: TimeControl::Untimed,
        chat,
        message: None,
        rated: true,
        start: None,
    }
}

/// A rated, untimed classic challenge from `from` to `target` in `chat`, colours drawn at
/// random, its message not posted yet; a test changes the rest by struct update.
pub fn classic_challenge(chat: ChatId, from: UserId, target: ChallengeTarget) -> NewChallenge {
    NewChallenge {
        chat,
        message: None,
        from,
        target,
        variant: Variant::new(VariantId::Classic),
        time_control: TimeControl::Untimed,
        colour: ColourChoice::Random,
        rated: true,
    }
}
