/// Each variant is one string value: a variant with fields has no place.
#[derive(catalog::StringEnum)]
pub enum Shape {
    Circle,
    Square(u32),
}

/// One wire name per value.
#[derive(catalog::StringEnum)]
#[serde(rename_all(serialize = "lowercase", deserialize = "UPPERCASE"))]
pub enum Mode {
    Fast,
}

#[derive(catalog::StringEnum)]
#[serde(rename_all = "Title Case")]
pub enum Level {
    High,
}

#[derive(catalog::StringEnum)]
pub struct NotAnEnum;

fn main() {}
