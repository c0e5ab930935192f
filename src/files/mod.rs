//! Files in and out: a chosen file read as text, text offered as a download, CSV cells.

pub mod csv;
pub mod download;
pub mod file_import;
