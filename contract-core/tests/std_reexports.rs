//! The table of std items under two paths (`contract_core::names::STD_REEXPORTS`) is
//! true of the standard library this builds with: each pair is compiled here as one
//! type (a function that returns a reference to the one path as the other), and the
//! table lists exactly these pairs.

macro_rules! pairs {
    ($(
        $name:ident: $from:ident $(:: $from_rest:ident)* => $to:ident $(:: $to_rest:ident)*
        $([$($arg:ty),*])?;
    )*) => {
        /// One type under both paths, or this does not compile.
        #[allow(dead_code, non_snake_case)]
        mod proofs {
            $(
                pub fn $name(
                    x: &std::$from$(::$from_rest)*$(<$($arg),*>)?,
                ) -> &std::$to$(::$to_rest)*$(<$($arg),*>)? {
                    x
                }
            )*
        }

        const PROVEN: &[(&str, &str)] = &[$((
            concat!(stringify!($from) $(, "::", stringify!($from_rest))*),
            concat!(stringify!($to) $(, "::", stringify!($to_rest))*),
        )),*];
    };
}

pairs! {
    hash_map: collections::hash_map::HashMap => collections::HashMap [u8, u8];
    hash_set: collections::hash_set::HashSet => collections::HashSet [u8];
    btree_map: collections::btree_map::BTreeMap => collections::BTreeMap [u8, u8];
    btree_set: collections::btree_set::BTreeSet => collections::BTreeSet [u8];
    vec_deque: collections::vec_deque::VecDeque => collections::VecDeque [u8];
    linked_list: collections::linked_list::LinkedList => collections::LinkedList [u8];
    binary_heap: collections::binary_heap::BinaryHeap => collections::BinaryHeap [u8];
    random_state: collections::hash_map::RandomState => hash::RandomState;
    default_hasher: collections::hash_map::DefaultHasher => hash::DefaultHasher;
    c_str: ffi::c_str::CStr => ffi::CStr;
    c_string: ffi::c_str::CString => ffi::CString;
    c_char: os::raw::c_char => ffi::c_char;
    c_double: os::raw::c_double => ffi::c_double;
    c_float: os::raw::c_float => ffi::c_float;
    c_int: os::raw::c_int => ffi::c_int;
    c_long: os::raw::c_long => ffi::c_long;
    c_longlong: os::raw::c_longlong => ffi::c_longlong;
    c_schar: os::raw::c_schar => ffi::c_schar;
    c_short: os::raw::c_short => ffi::c_short;
    c_uchar: os::raw::c_uchar => ffi::c_uchar;
    c_uint: os::raw::c_uint => ffi::c_uint;
    c_ulong: os::raw::c_ulong => ffi::c_ulong;
    c_ulonglong: os::raw::c_ulonglong => ffi::c_ulonglong;
    c_ushort: os::raw::c_ushort => ffi::c_ushort;
    c_void: os::raw::c_void => ffi::c_void;
}

#[test]
fn the_table_is_the_pairs_proven_here() {
    assert_eq!(contract_core::names::STD_REEXPORTS, PROVEN);
}
