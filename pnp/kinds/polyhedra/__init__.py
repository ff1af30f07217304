"""Polyhedra for the `die` kind: the solids (solids.py), their flat nets in millimetres (nets.py)
and the vectors both use (vectors.py).

Pure geometry, no drawing. A solid is a table of 3-D vertices (in units of its reference edge)
and faces (vertex indices, counter-clockwise seen from outside, in the solid's face order). A net
unfolds the faces along a spanning tree of the face graph into the plane, adds glue tabs on the
cut edges (one tab per pair of net edges that are glued together) and turns the whole net so
that its bounding box is as small as possible.

Every net is checked as it is made: faces and tabs must not overlap (separating-axis test on
convex polygons), or the next candidate tree is tried.
"""
