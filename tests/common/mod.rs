pub mod harness;
pub mod reference;
