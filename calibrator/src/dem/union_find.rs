//! Union–find over flake indices: the clusters of the overdamped integrator
//! ([`super::overdamped`]) and the Newton groups of its cluster step
//! ([`super::backward_euler`]).

/// Union–find root with path halving.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Joins the sets of `i` and `j` (the lower root becomes the root).
pub fn union(parent: &mut [usize], i: usize, j: usize) {
    let (ri, rj) = (root(parent, i), root(parent, j));
    if ri != rj {
        parent[ri.max(rj)] = ri.min(rj);
    }
}

/// The components of a union–find forest, members sorted, in order of their lowest member.
pub fn components(parent: &mut [usize]) -> Vec<Vec<usize>> {
    let n = parent.len();
    let mut slot = vec![usize::MAX; n];
    let mut out: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        let r = root(parent, i);
        if slot[r] == usize::MAX {
            slot[r] = out.len();
            out.push(Vec::new());
        }
        out[slot[r]].push(i);
    }
    out
}
