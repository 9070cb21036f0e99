//! Studies of the third-body layer (seed 002): the CSV files and plots of the μ_3b studies
//! ([`report`]) and the table's third-body section from the μ_3b(T) sweep
//! ([`table_section`]). Their one error type is [`ThirdBodyError`]; the shear cell and the
//! study runner are in [`crate::third_body`].

pub mod error;
pub mod report;
pub mod table_section;

pub use error::ThirdBodyError;
