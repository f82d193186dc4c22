//! The bot's commands. The doc comments are the English help; `texts` has both languages
//! for setMyCommands.

use teloxide::types::BotCommandScope;
use teloxide::utils::command::BotCommands;

/// Commands of the Ugolki bot.
#[derive(BotCommands, Clone, Debug, PartialEq, Eq)]
#[command(rename_rule = "lowercase")]
pub enum Command {
    /// Greeting, menu, and deep-link challenges.
    Start(String),
    /// This help.
    Help,
    /// Play against the program: /play [variant] [level 1-5].
    Play(String),
    /// Open a challenge in a group: /new [variant] [time].
    New(String),
    /// Challenge someone: /challenge @user [variant] [time], or as a reply.
    Challenge(String),
    /// Make a move: /m c3-e5.
    M(String),
    /// Your games in play (in a group: the group's), with links to their boards.
    Games,
    /// Post the board again at the bottom of the chat.
    Board,
    /// Resign.
    Resign,
    /// Offer a draw.
    Draw,
    /// Abort a game before both sides have moved.
    Abort,
    /// Ask to take back your last move (unrated games).
    Takeback,
    /// The training room: /train [classic|diagonal].
    Train(String),
    /// The rules: /rules [variant].
    Rules(String),
    /// All variants.
    Variants,
    /// Statistics and ratings: /stats [@user].
    Stats(String),
    /// Leaderboard: /top [variant].
    Top(String),
    /// Your last games.
    History,
    /// A finished game's record and replay (reply to its board).
    Export,
    /// A finished game's analysis: /analyze [game].
    Analyze(String),
    /// Chat defaults.
    Settings(String),
    /// Language: /lang en|ru.
    Lang(String),
    /// Open a tournament in a group (admins): /tournament swiss 5 [variant] [time].
    Tournament(String),
    /// This group's tournaments.
    Tournaments,
}

impl Command {
    /// Commands that work only in a private chat with the bot (a game against the
    /// program, the training room).
    pub fn private_only(&self) -> bool {
        matches!(self, Command::Play(_) | Command::Train(_))
    }

    /// Commands that work only in a group (an open challenge needs others to see it).
    pub fn group_only(&self) -> bool {
        matches!(
            self,
            Command::New(_) | Command::Tournament(_) | Command::Tournaments
        )
    }
}

/// The command menus Telegram shows (setMyCommands scopes): each chat type is offered
/// only what works there, and group admins also their settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Menu {
    /// Private chats with the bot (also the default, for any other chat).
    Private,
    /// Everyone in groups.
    Group,
    /// Group administrators.
    GroupAdmins,
}

impl Menu {
    /// Every menu, in the order they are registered.
    pub const ALL: [Menu; 3] = [Menu::Private, Menu::Group, Menu::GroupAdmins];

    /// Whether the menu offers `command` (its name without the slash).
    pub fn offers(self, command: &str) -> bool {
        let private_only = matches!(command, "start" | "play" | "train");
        match self {
            Menu::Private => !matches!(command, "new" | "tournament" | "tournaments"),
            Menu::Group => !private_only && !matches!(command, "settings" | "lang"),
            Menu::GroupAdmins => !private_only,
        }
    }

    /// The scopes this menu is registered for.
    pub fn scopes(self) -> &'static [BotCommandScope] {
        match self {
            Menu::Private => &[BotCommandScope::Default, BotCommandScope::AllPrivateChats],
            Menu::Group => &[BotCommandScope::AllGroupChats],
            Menu::GroupAdmins => &[BotCommandScope::AllChatAdministrators],
        }
    }
}
