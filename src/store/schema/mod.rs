//! The frozen layouts of older schemas (0 to 8), read and upgraded to the current types
//! when a database is opened or a value is decoded; tests write genuine old databases
//! with them.

pub mod v0;
pub mod v1;
pub mod v2;
pub mod v3;
pub mod v4;
pub mod v5;
pub mod v6;
pub mod v7;
pub mod v8;
