use catalog::tool;

#[tool(spec = "unions", operation = "CreatePet", variant = 2)]
pub struct CreatePet {
    pub name: String,
}

fn main() {}
