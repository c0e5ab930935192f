//! Files in and out: a chosen file read as text, text offered as a download (a value kept aside
//! among them), CSV cells.

pub mod csv;
pub mod download;
pub mod file_import;
pub mod kept_list;
