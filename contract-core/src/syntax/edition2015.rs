//! Sources syn does not parse because an older edition allowed them: a trait method's
//! parameter written as a type alone (`fn index(Self::Id) -> usize;`, edition 2015,
//! id-arena 2.x). rustc names such a parameter `_`; so does [`parse_file`], after the
//! plain parse failed, so what every edition's sources declare is read. Likewise a
//! name that later editions reserved (`mod async;`, termion 3): edition 2015 has no
//! `async`, `await` or `try` keyword, so each is read as the identifier it is there.

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};

/// `text` parsed as a file; where that fails, parsed again with each anonymous
/// parameter named `_`. The first error stands when that does not help.
pub fn parse_file(text: &str) -> syn::Result<syn::File> {
    let error = match syn::parse_file(text) {
        Ok(file) => return Ok(file),
        Err(e) => e,
    };
    let Ok(tokens) = text.parse::<TokenStream>() else {
        return Err(error);
    };
    let (named, changed) = anonymous_params_named(tokens);
    let (named, reserved) = reserved_words_as_names(named);
    let (named, objects) = bare_closure_objects_dyn(named);
    if !(changed || reserved || objects) {
        return Err(error);
    }
    syn::parse2::<syn::File>(named).map_err(|_| error)
}

/// `tokens` with every `async`, `await` and `try` written as a raw identifier (what
/// they are in edition 2015); whether any was.
fn reserved_words_as_names(tokens: TokenStream) -> (TokenStream, bool) {
    let mut changed = false;
    let out = tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Ident(id) if ["async", "await", "try"].iter().any(|k| id == k) => {
                changed = true;
                TokenTree::Ident(Ident::new_raw(&id.to_string(), id.span()))
            }
            TokenTree::Group(g) => {
                let (inner, c) = reserved_words_as_names(g.stream());
                changed |= c;
                regroup(&g, inner)
            }
            other => other,
        })
        .collect();
    (out, changed)
}

/// `tokens` with `dyn` before each bare closure trait object that is a generic
/// argument (`Box<FnMut(String) -> String + Send>`, mustache 0.8), a reference's
/// referent (`&'static Fn(u8)`, `&mut FnMut()`) or a parenthesized type (`&'static
/// (Fn(&mut Env) -> bool + Sync)`, rust-stemmers 1.1), which syn does not read
/// without it; whether any was. Only there: in a bound (`F: Fn()`, `+ FnMut()`) the
/// trait is no type.
fn bare_closure_objects_dyn(tokens: TokenStream) -> (TokenStream, bool) {
    bare_closure_objects_in(tokens, false)
}

/// [`bare_closure_objects_dyn`] of a group's tokens; `parenthesized`: the group is
/// `(…)`, whose first token may start a type.
fn bare_closure_objects_in(tokens: TokenStream, parenthesized: bool) -> (TokenStream, bool) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut changed = false;
    for (i, tree) in trees.iter().enumerate() {
        let closure_trait = matches!(tree, TokenTree::Ident(id)
                if ["Fn", "FnMut", "FnOnce"].iter().any(|k| id == k))
            && matches!(trees.get(i + 1), Some(TokenTree::Group(g))
                if g.delimiter() == Delimiter::Parenthesis)
            && ((i == 0 && parenthesized) || (i > 0 && type_position(&trees[..i])));
        if closure_trait {
            changed = true;
            out.push(TokenTree::Ident(Ident::new("dyn", tree.span())));
        }
        out.push(match tree {
            TokenTree::Group(g) => {
                let paren = g.delimiter() == Delimiter::Parenthesis;
                let (inner, c) = bare_closure_objects_in(g.stream(), paren);
                changed |= c;
                regroup(g, inner)
            }
            other => other.clone(),
        });
    }
    (out.into_iter().collect(), changed)
}

/// Whether a type starts after `before`: after `<` or `,` (a generic argument), or
/// after `&`, `&'a`, `&mut` or `&'a mut` (a reference's referent).
fn type_position(before: &[TokenTree]) -> bool {
    let punct =
        |t: Option<&TokenTree>, c: char| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c);
    let mut rest = before;
    if matches!(rest.last(), Some(TokenTree::Ident(id)) if id == "mut") {
        rest = &rest[..rest.len() - 1];
    }
    // A lifetime: `'` and its name.
    if rest.len() >= 2
        && matches!(rest.last(), Some(TokenTree::Ident(_)))
        && punct(rest.get(rest.len() - 2), '\'')
    {
        rest = &rest[..rest.len() - 2];
    }
    if punct(rest.last(), '&') {
        return true;
    }
    before.len() == rest.len()
        && (matches!(before.last(), Some(TokenTree::Punct(p)) if matches!(p.as_char(), '<' | ','))
            || alias_target(before))
}

/// Whether `before` ends in `type Name =` or `type Name<…> =`: a type alias's target
/// follows (`type Action = Fn(&siginfo_t) + Send + Sync;`, signal-hook-registry 1.4).
fn alias_target(before: &[TokenTree]) -> bool {
    let Some((TokenTree::Punct(eq), head)) = before.split_last() else {
        return false;
    };
    if eq.as_char() != '=' || eq.spacing() != Spacing::Alone {
        return false;
    }
    for tree in head.iter().rev() {
        match tree {
            TokenTree::Ident(id) if id == "type" => return true,
            TokenTree::Punct(p) if p.as_char() == ';' => return false,
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => return false,
            _ => {}
        }
    }
    false
}

/// `tokens` with every `fn name(…)`'s parameters that are a type alone written `_:
/// Type`; whether any was.
fn anonymous_params_named(tokens: TokenStream) -> (TokenStream, bool) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut changed = false;
    let mut i = 0;
    while i < trees.len() {
        let is_fn_name = matches!(&trees[i], TokenTree::Ident(id) if id == "fn")
            && matches!(trees.get(i + 1), Some(TokenTree::Ident(_)));
        if !is_fn_name {
            out.push(match &trees[i] {
                TokenTree::Group(g) => {
                    let (inner, c) = anonymous_params_named(g.stream());
                    changed |= c;
                    regroup(g, inner)
                }
                other => other.clone(),
            });
            i += 1;
            continue;
        }
        // `fn`, its name and its generics as they are, then its parameters.
        out.push(trees[i].clone());
        out.push(trees[i + 1].clone());
        i += 2;
        let mut depth = 0usize;
        while i < trees.len() {
            depth = angle_depth(&trees, i, depth);
            match &trees[i] {
                TokenTree::Group(g) if depth == 0 && g.delimiter() == Delimiter::Parenthesis => {
                    let (params, c) = params_named(g.stream());
                    changed |= c;
                    out.push(regroup(g, params));
                    i += 1;
                    break;
                }
                _ => {}
            }
            out.push(trees[i].clone());
            i += 1;
        }
    }
    (out.into_iter().collect(), changed)
}

/// The depth of `<…>` (which are no token groups) after the token at `i`, `depth`
/// before it; the `>` of `->` closes nothing.
fn angle_depth(trees: &[TokenTree], i: usize, depth: usize) -> usize {
    match &trees[i] {
        TokenTree::Punct(p) if p.as_char() == '<' => depth + 1,
        TokenTree::Punct(p) if p.as_char() == '>' && !after_dash(trees, i) => {
            depth.saturating_sub(1)
        }
        _ => depth,
    }
}

/// Whether the `>` at `i` is the second half of `->`.
fn after_dash(trees: &[TokenTree], i: usize) -> bool {
    i > 0
        && matches!(&trees[i - 1], TokenTree::Punct(p)
            if p.as_char() == '-' && p.spacing() == Spacing::Joint)
}

fn regroup(g: &Group, stream: TokenStream) -> TokenTree {
    let mut new = Group::new(g.delimiter(), stream);
    new.set_span(g.span());
    TokenTree::Group(new)
}

/// A parameter list with each parameter that has no pattern (no `:` of its own, not
/// `self`) named `_`.
fn params_named(stream: TokenStream) -> (TokenStream, bool) {
    let trees: Vec<TokenTree> = stream.into_iter().collect();
    let mut params: Vec<Vec<TokenTree>> = vec![Vec::new()];
    let mut depth = 0usize;
    for (i, t) in trees.iter().enumerate() {
        depth = angle_depth(&trees, i, depth);
        if matches!(t, TokenTree::Punct(p) if p.as_char() == ',') && depth == 0 {
            params.push(Vec::new());
            continue;
        }
        params
            .last_mut()
            .expect("one list at least")
            .push(t.clone());
    }
    let mut changed = false;
    let mut out: Vec<TokenTree> = Vec::new();
    let count = params.len();
    for (n, mut param) in params.into_iter().enumerate() {
        if !param.is_empty() && !has_pattern(&param) && !is_self(&param) {
            let mut named = vec![
                TokenTree::Ident(Ident::new("_", Span::call_site())),
                TokenTree::Punct(Punct::new(':', Spacing::Alone)),
            ];
            named.append(&mut param);
            param = named;
            changed = true;
        }
        out.extend(param);
        if n + 1 < count {
            out.push(TokenTree::Punct(Punct::new(',', Spacing::Alone)));
        }
    }
    (out.into_iter().collect(), changed)
}

/// Whether a parameter has a pattern: a `:` alone (not half of `::`) outside `<…>`.
fn has_pattern(param: &[TokenTree]) -> bool {
    let mut depth = 0usize;
    for (i, t) in param.iter().enumerate() {
        depth = angle_depth(param, i, depth);
        if let TokenTree::Punct(p) = t {
            match p.as_char() {
                ':' if depth == 0 => {
                    let joint_before = i > 0
                        && matches!(&param[i - 1], TokenTree::Punct(q)
                            if q.as_char() == ':' && q.spacing() == Spacing::Joint);
                    if p.spacing() == Spacing::Alone && !joint_before {
                        return true;
                    }
                }
                _ => {}
            }
        }
    }
    false
}

/// `self`, `mut self`, `&self`, `&'a mut self` (a typed `self: T` has a pattern).
fn is_self(param: &[TokenTree]) -> bool {
    matches!(param.last(), Some(TokenTree::Ident(id)) if id == "self")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_anonymous_trait_method_parameter_is_named_underscore() {
        let src = "pub trait ArenaBehavior { type Id; \
                   fn new_id(arena_id: u32, index: usize) -> Self::Id; \
                   fn index(Self::Id) -> usize; \
                   fn pair(&self, HashMap<u8, Vec<u8>>, fn(u8) -> u8) -> bool; }";
        assert!(syn::parse_file(src).is_err(), "syn 2 rejects it");
        let file = parse_file(src).expect("named");
        let syn::Item::Trait(t) = &file.items[0] else {
            panic!("a trait")
        };
        let sigs: Vec<String> = t
            .items
            .iter()
            .filter_map(|i| match i {
                syn::TraitItem::Fn(f) => Some(crate::syntax::tokens::to_string(&f.sig)),
                _ => None,
            })
            .collect();
        assert_eq!(sigs.len(), 3, "{sigs:?}");
        assert_eq!(sigs[1], "fn index(_: Self::Id) -> usize", "{sigs:?}");
        assert_eq!(
            sigs[2].replace(' ', ""),
            "fnpair(&self,_:HashMap<u8,Vec<u8>>,_:fn(u8)->u8)->bool",
            "{sigs:?}"
        );
    }

    #[test]
    fn a_word_later_editions_reserved_is_a_name_in_edition_2015() {
        // termion 3.0's `pub mod async;` and a function named `try`.
        let src = "pub mod async { pub fn try(x: u8) -> u8 { x } }\npub use async::try;\n";
        assert!(syn::parse_file(src).is_err(), "syn 2 rejects it");
        let file = parse_file(src).expect("read as names");
        let syn::Item::Mod(m) = &file.items[0] else {
            panic!("a module")
        };
        assert_eq!(syn::ext::IdentExt::unraw(&m.ident), "async");
        // A file that parses as it is keeps its keywords.
        let modern = parse_file("pub async fn run() {}").unwrap();
        assert!(matches!(&modern.items[0], syn::Item::Fn(f) if f.sig.asyncness.is_some()));
    }

    /// `src`, which syn alone rejects, read with `dyn` written in, without spaces.
    #[track_caller]
    fn read_as_dyn(src: &str) -> String {
        assert!(syn::parse_file(src).is_err(), "syn 2 rejects it");
        crate::syntax::tokens::to_string(&parse_file(src).expect("read as dyn")).replace(' ', "")
    }

    #[test]
    fn a_bare_closure_object_in_generic_arguments_is_its_dyn_form() {
        // mustache 0.8's `Fun(RefCell<Box<FnMut(String) -> String + Send>>)`.
        let src = "pub enum Data { Fun(RefCell<Box<FnMut(String) -> String + Send>>), \
                   Pair(HashMap<u8, Fn(u8)>) }\n\
                   pub fn call<F: Fn(u8) + Send, G>(f: F, g: G) where G: Clone + FnOnce() {}";
        let text = read_as_dyn(src);
        assert!(
            text.contains("Box<dynFnMut(String)->String+Send>") && text.contains("u8,dynFn(u8)"),
            "{text}"
        );
        // Bounds are left as they are.
        assert!(
            text.contains("F:Fn(u8)+Send") && text.contains("G:Clone+FnOnce()"),
            "{text}"
        );
        // A reference's referent, parenthesized or not (rust-stemmers 1.1's `Among`).
        let src = "pub struct Among<T: 'static>(pub Option<&'static (Fn(&mut Env, &mut T) -> \
                   bool + Sync)>, pub &'static Fn(u8), pub &'a mut FnMut());";
        let text = read_as_dyn(src);
        assert!(
            text.contains("&'static(dynFn(&mutEnv,&mutT)->bool+Sync)")
                && text.contains("&'staticdynFn(u8)")
                && text.contains("&'amutdynFnMut()"),
            "{text}"
        );
        // A type alias's target (signal-hook-registry 1.4's `Action`); an `=` that
        // is no alias's (a call to a tuple constructor named `Fn`) is left alone.
        let src = "type Action = Fn(&siginfo_t) + Send + Sync;\n\
                   pub type Handler<T> = Box<Fn(T)>;\n\
                   pub type Raw<T> = FnMut(T) -> T;\n\
                   fn f() { let g = Fn(1); }";
        let text = read_as_dyn(src);
        assert!(
            text.contains("typeAction=dynFn(&siginfo_t)+Send+Sync;")
                && text.contains("typeRaw<T>=dynFnMut(T)->T;")
                && text.contains("letg=Fn(1);"),
            "{text}"
        );
    }

    #[test]
    fn a_file_that_fails_for_another_reason_keeps_its_error() {
        assert!(parse_file("pub struct {").is_err());
        assert!(parse_file("fn f(x: u8) -> u8 { x } pub struct S").is_err());
    }
}
